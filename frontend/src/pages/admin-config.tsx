import "../styles/organizer.css";
import { ConfigForm } from "../features/organizer/config-form";
import { mount } from "../lib/mount";

mount("admin-config", ConfigForm);
