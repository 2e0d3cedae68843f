import "../styles/organizer.css";
import { BatchPage } from "../app/batch-page";
import { loadCatalog } from "../lib/i18n-load";
import { mount } from "../lib/mount";

// The catalog first (none for English), so the page renders in its language at once.
void loadCatalog("mailings").finally(() => mount("admin-batch", BatchPage));
