import "../styles/reviews.css";
import { CapacityPanel } from "../features/reviews/capacity-panel";
import { mount } from "../lib/mount";

interface Card {
  title: string;
  href: string;
  description: string;
}

function AdminPanel({ cards }: { cards: Card[] }) {
  return (
    <div className="stack">
      <h1>Admin Panel</h1>
      <CapacityPanel quiet />
      <ul className="card-grid" aria-label="Organizer tools">
        {cards.map((card) => (
          <li key={card.href}>
            <a className="card card--link" href={card.href}>
              <h2>{card.title}</h2>
              <p className="muted">{card.description}</p>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

mount("admin", AdminPanel);
