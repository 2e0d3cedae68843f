import "../styles/organizer.css";
import { Administrators } from "../features/people/administrators";
import { loadOrganizerCatalog } from "../lib/i18n-load-organizer";
import { mount } from "../lib/mount";

// The catalog first (none for English), so the page renders in its language at once.
void loadOrganizerCatalog("people").finally(() => mount("admin-administrators", Administrators));
