import "../styles/reports.css";
import { Demographics } from "../features/reports/demographics";
import { loadCatalog } from "../lib/i18n-load";
import { mount } from "../lib/mount";

// The catalog first (none for English), so the page renders in its language at once.
void loadCatalog("reports").finally(() => mount("admin-demographics", Demographics));
