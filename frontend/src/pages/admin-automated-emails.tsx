import "../styles/reports.css";
import { AutomatedEmails } from "../features/mailings/automated-emails";
import { mount } from "../lib/mount";

mount("admin-automated-emails", AutomatedEmails);
