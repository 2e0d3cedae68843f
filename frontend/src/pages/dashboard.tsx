import { DashboardPage } from "../features/dashboard/dashboard-page";
import { mount } from "../lib/mount";
// The RSVP form renders the application form's fields, styled by the apply sheet.
import "../styles/apply.css";
import "../styles/dashboard.css";

mount("dashboard", DashboardPage);
