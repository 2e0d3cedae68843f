import "../styles/organizer.css";
import { ApplicationsTable } from "../features/applications/applications-table";
import { loadCatalog } from "../lib/i18n-load";
import { mount } from "../lib/mount";

// The catalog first (none for English), so the page renders in its language at once.
void loadCatalog("applications").finally(() => mount("admin-users", ApplicationsTable));
