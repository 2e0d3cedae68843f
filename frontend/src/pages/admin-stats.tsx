import "../styles/reports.css";
import { StatsPage } from "../features/reports/stats-page";
import { mount } from "../lib/mount";

mount("admin-stats", StatsPage);
