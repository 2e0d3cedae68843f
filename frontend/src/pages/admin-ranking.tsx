import "../styles/organizer.css";
import "../styles/reviews.css";
import { RankingPage } from "../features/reviews/ranking-page";
import type { Catalog } from "../lib/i18n";
import { loadCatalog } from "../lib/i18n-load";
import { mount } from "../lib/mount";

// The catalog first (none for English), so the page renders in its language at once.
const catalogs = import.meta.glob<Catalog>("../locales/*/reviews.json", { import: "default" });
void loadCatalog("reviews", catalogs).finally(() => mount("admin-ranking", RankingPage));
