import "../styles/reviews.css";
import "../styles/home.css";
import { AdminHome } from "../features/home/admin-home";
import type { ToolCard } from "../features/home/home-state";
import { CapacityPanel } from "../features/reviews/capacity-panel";
import { loadCatalog } from "../lib/i18n-load";
import { mount } from "../lib/mount";

function AdminPanel({ cards }: { cards: ToolCard[] }) {
  return (
    <AdminHome cards={cards}>
      <CapacityPanel quiet />
    </AdminHome>
  );
}

// The catalog first (none for English), so the page renders in its language at once.
void loadCatalog("admin").finally(() => mount("admin", AdminPanel));
