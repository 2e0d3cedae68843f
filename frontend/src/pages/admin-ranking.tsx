import "../styles/organizer.css";
import "../styles/reviews.css";
import { RankingPage } from "../features/reviews/ranking-page";
import { loadOrganizerCatalog } from "../lib/i18n-load-organizer";
import { mount } from "../lib/mount";

// The catalog first (none for English), so the page renders in its language at once.
void loadOrganizerCatalog("reviews").finally(() => mount("admin-ranking", RankingPage));
