import "../styles/organizer.css";
import { BatchPage } from "../app/batch-page";
import { loadOrganizerCatalog } from "../lib/i18n-load-organizer";
import { mount } from "../lib/mount";

// The catalog first (none for English), so the page renders in its language at once.
void loadOrganizerCatalog("mailings").finally(() => mount("admin-batch", BatchPage));
