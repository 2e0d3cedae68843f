import "../styles/reviews.css";
import "../styles/home.css";
import { AdminHome } from "../features/home/admin-home";
import type { ToolCard } from "../features/home/home-state";
import { CapacityPanel } from "../features/reviews/capacity-panel";
import { mount } from "../lib/mount";

function AdminPanel({ cards }: { cards: ToolCard[] }) {
  return (
    <AdminHome cards={cards}>
      <CapacityPanel quiet />
    </AdminHome>
  );
}

mount("admin", AdminPanel);
