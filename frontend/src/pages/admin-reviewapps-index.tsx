import "../styles/organizer.css";
import "../styles/reviews.css";
import { ReviewDetail } from "../features/reviews/review-detail";
import { loadOrganizerCatalog } from "../lib/i18n-load-organizer";
import { mount } from "../lib/mount";

// The catalog first (none for English), so the page renders in its language at once.
void loadOrganizerCatalog("reviews").finally(() => mount("admin-reviewapps-index", ReviewDetail));
