import "../styles/organizer.css";
import { Whitelist } from "../features/organizer/whitelist";
import { mount } from "../lib/mount";

mount("applications-admin-whitelist", Whitelist);
