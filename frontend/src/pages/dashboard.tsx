import { DashboardWithTravel } from "../app/dashboard-with-travel";
import { mount } from "../lib/mount";
// The RSVP form renders the application form's fields, styled by the apply sheet.
import "../styles/apply.css";
import "../styles/dashboard.css";
import "../styles/travel.css";

mount("dashboard", DashboardWithTravel);
