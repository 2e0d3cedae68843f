import "../styles/reports.css";
import { ResumeBook } from "../features/reports/resume-book";
import { loadCatalog } from "../lib/i18n-load";
import { mount } from "../lib/mount";

// The catalog first (none for English), so the page renders in its language at once.
void loadCatalog("reports").finally(() => mount("admin-resumebook", ResumeBook));
