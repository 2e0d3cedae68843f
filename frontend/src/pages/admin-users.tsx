import "../styles/organizer.css";
import { ApplicationsTable } from "../features/organizer/applications-table";
import { mount } from "../lib/mount";

mount("admin-users", ApplicationsTable);
