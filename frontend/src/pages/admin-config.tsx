import "../styles/organizer.css";
import { ConfigForm } from "../features/cycles/config-form";
import { mount } from "../lib/mount";

mount("admin-config", ConfigForm);
