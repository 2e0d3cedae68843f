import { CheckinPage } from "../features/checkin/checkin-page";
import { loadOrganizerCatalog } from "../lib/i18n-load-organizer";
import { mount } from "../lib/mount";
import "../styles/checkin.css";

// The catalog first (none for English), so the door's page renders in its language at once.
void loadOrganizerCatalog("checkin").finally(() => mount("checkin", CheckinPage));
