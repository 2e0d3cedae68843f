import "../styles/organizer.css";
import { Whitelist } from "../features/organizer/whitelist";
import { mount } from "../lib/mount";

mount("admin-whitelist-emails", Whitelist);
