import "../styles/reviews.css";
import "../styles/home.css";
import type { AdminHome as HomeData } from "../api/home";
import { AdminHome } from "../features/home/admin-home";
import type { ToolCard } from "../features/home/home-state";
import { CapacityPanel } from "../features/reviews/capacity-panel";
import { loadOrganizerCatalog } from "../lib/i18n-load-organizer";
import { mount } from "../lib/mount";

function AdminPanel({ cards, home }: { cards: ToolCard[]; home?: HomeData }) {
  return (
    <AdminHome cards={cards} initial={home}>
      <CapacityPanel quiet />
    </AdminHome>
  );
}

// The catalog first (none for English), so the page renders in its language at once.
void loadOrganizerCatalog("admin").finally(() => mount("admin", AdminPanel));
