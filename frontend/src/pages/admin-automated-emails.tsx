import "../styles/reports.css";
import { AutomatedEmails } from "../features/mailings/automated-emails";
import { loadOrganizerCatalog } from "../lib/i18n-load-organizer";
import { mount } from "../lib/mount";

// The catalog first (none for English), so the page renders in its language at once.
void loadOrganizerCatalog("mailings").finally(() => mount("admin-automated-emails", AutomatedEmails));
