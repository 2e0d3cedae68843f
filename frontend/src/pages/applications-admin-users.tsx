import "../styles/organizer.css";
import { ApplicationsTable } from "../features/organizer/applications-table";
import { mount } from "../lib/mount";

mount("applications-admin-users", ApplicationsTable);
