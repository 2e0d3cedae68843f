import "../styles/organizer.css";
import "../styles/travel.css";
import { AdminTravelPage } from "../features/travel/admin-travel-page";
import { loadCatalog } from "../lib/i18n-load";
import { mount } from "../lib/mount";

// The catalog first (none for English), so the page renders in its language at once.
void loadCatalog("travel-admin").finally(() => mount("admin-travel", AdminTravelPage));
