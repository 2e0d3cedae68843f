import { DashboardWithTravel } from "../app/dashboard-with-travel";
import { mount } from "../lib/mount";
import "../styles/dashboard.css";
import "../styles/travel.css";

mount("dashboard", DashboardWithTravel);
