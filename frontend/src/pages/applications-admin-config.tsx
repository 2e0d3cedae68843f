import "../styles/organizer.css";
import { ConfigForm } from "../features/organizer/config-form";
import { mount } from "../lib/mount";

mount("applications-admin-config", ConfigForm);
