import "../styles/organizer.css";
import { ApplicationsTable } from "../features/applications/applications-table";
import { mount } from "../lib/mount";

mount("admin-users", ApplicationsTable);
