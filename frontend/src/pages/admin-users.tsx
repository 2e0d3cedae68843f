import "../styles/organizer.css";
import { ApplicationsTable } from "../features/applications/applications-table";
import { loadOrganizerCatalog } from "../lib/i18n-load-organizer";
import { mount } from "../lib/mount";

// The catalog first (none for English), so the page renders in its language at once.
void loadOrganizerCatalog("applications").finally(() => mount("admin-users", ApplicationsTable));
