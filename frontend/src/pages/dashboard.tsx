import { DashboardWithTravel } from "../app/dashboard-with-travel";
import { mount } from "../lib/mount";
import "../styles/dashboard.css";

mount("dashboard", DashboardWithTravel);
