import "../styles/organizer.css";
import { Administrators } from "../features/people/administrators";
import { loadCatalog } from "../lib/i18n-load";
import { mount } from "../lib/mount";

// The catalog first (none for English), so the page renders in its language at once.
void loadCatalog("people").finally(() => mount("admin-administrators", Administrators));
