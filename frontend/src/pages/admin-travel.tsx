import "../styles/organizer.css";
import "../styles/travel.css";
import { AdminTravelPage } from "../features/travel/admin-travel-page";
import { loadOrganizerCatalog } from "../lib/i18n-load-organizer";
import { mount } from "../lib/mount";

// The catalog first (none for English), so the page renders in its language at once.
void loadOrganizerCatalog("travel-admin").finally(() => mount("admin-travel", AdminTravelPage));
