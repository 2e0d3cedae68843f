import "../styles/reports.css";
import { StatsPage } from "../features/reports/stats-page";
import { loadOrganizerCatalog } from "../lib/i18n-load-organizer";
import { mount } from "../lib/mount";

// The catalog first (none for English), so the page renders in its language at once.
void loadOrganizerCatalog("reports").finally(() => mount("admin-stats", StatsPage));
