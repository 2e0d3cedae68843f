import "../styles/reports.css";
import { Demographics } from "../features/reports/demographics";
import { mount } from "../lib/mount";

mount("admin-demographics", Demographics);
