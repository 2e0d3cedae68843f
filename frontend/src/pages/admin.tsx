import "../styles/reviews.css";
import "../styles/home.css";
import { AdminHome } from "../features/home/admin-home";
import type { ToolCard } from "../features/home/home-state";
import { CapacityPanel } from "../features/reviews/capacity-panel";
import { loadOrganizerCatalog } from "../lib/i18n-load-organizer";
import { mount } from "../lib/mount";

function AdminPanel({ cards }: { cards: ToolCard[] }) {
  return (
    <AdminHome cards={cards}>
      <CapacityPanel quiet />
    </AdminHome>
  );
}

// The catalog first (none for English), so the page renders in its language at once.
void loadOrganizerCatalog("admin").finally(() => mount("admin", AdminPanel));
