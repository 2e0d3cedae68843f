import "../styles/reports.css";
import { StatsPage } from "../features/reports/stats-page";
import { loadCatalog } from "../lib/i18n-load";
import { mount } from "../lib/mount";

// The catalog first (none for English), so the page renders in its language at once.
void loadCatalog("reports").finally(() => mount("admin-stats", StatsPage));
