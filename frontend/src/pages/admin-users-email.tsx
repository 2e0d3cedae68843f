// The editor renders the applicant form's questions, styled by the apply sheet.
import "../styles/apply.css";
import "../styles/organizer.css";
import { ApplicantDetail } from "../features/applications/applicant-detail";
import { loadOrganizerCatalog } from "../lib/i18n-load-organizer";
import { mount } from "../lib/mount";

// The catalog first (none for English), so the page renders in its language at once.
void loadOrganizerCatalog("applications").finally(() => mount("admin-users-email", ApplicantDetail));
