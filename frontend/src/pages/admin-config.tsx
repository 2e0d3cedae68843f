import "../styles/organizer.css";
import { ConfigForm } from "../features/cycles/config-form";
import { loadOrganizerCatalog } from "../lib/i18n-load-organizer";
import { mount } from "../lib/mount";

// The catalog first (none for English), so the page renders in its language at once.
void loadOrganizerCatalog("config").finally(() => mount("admin-config", ConfigForm));
