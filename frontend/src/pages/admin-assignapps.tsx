import "../styles/organizer.css";
import "../styles/reviews.css";
import { AssignApplications } from "../features/reviews/assign-applications";
import { loadCatalog } from "../lib/i18n-load";
import { mount } from "../lib/mount";

// The catalog first (none for English), so the page renders in its language at once.
void loadCatalog("reviews").finally(() => mount("admin-assignapps", AssignApplications));
