import "../styles/reviews.css";
import "../styles/home.css";
import type { AdminHome as HomeData } from "../api/home";
import type { Capacity } from "../api/reviews";
import { AdminHome } from "../features/home/admin-home";
import type { ToolCard } from "../features/home/home-state";
import { CapacityPanel } from "../features/reviews/capacity-panel";
import { loadOrganizerCatalog } from "../lib/i18n-load-organizer";
import { mount } from "../lib/mount";

function AdminPanel({ cards, home, capacity }: { cards: ToolCard[]; home?: HomeData; capacity?: Capacity }) {
  return (
    <AdminHome cards={cards} initial={home}>
      <CapacityPanel quiet initial={capacity} />
    </AdminHome>
  );
}

// The catalog first (none for English), so the page renders in its language at once.
void loadOrganizerCatalog("admin").finally(() => mount("admin", AdminPanel));
