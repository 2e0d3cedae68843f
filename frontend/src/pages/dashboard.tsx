import { DashboardPage } from "../features/dashboard/dashboard-page";
import { mount } from "../lib/mount";
import "../styles/dashboard.css";

mount("dashboard", DashboardPage);
