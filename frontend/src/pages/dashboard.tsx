import { DashboardWithTravel } from "../app/dashboard-with-travel";
import { afterFirstPaint } from "../lib/first-paint";
import { loadCatalog } from "../lib/i18n-load";
import { mount } from "../lib/mount";
// The RSVP form renders the application form's fields, styled by the apply sheet.
import "../styles/apply.css";
import "../styles/dashboard.css";
// The ticket's and the "Your data" card's sheets at once: their code loads later, and their
// places (a title and a spinner) are drawn with these meanwhile.
import "../styles/privacy.css";
import "../styles/ticket.css";
import "../styles/travel.css";

// The catalog first (none for English), so the dashboard renders in its language at once; and
// over the first paint the server drew only once that is on the screen (lib/first-paint.ts).
void loadCatalog("dashboard").finally(() =>
  mount("dashboard", DashboardWithTravel, { after: afterFirstPaint() }),
);
