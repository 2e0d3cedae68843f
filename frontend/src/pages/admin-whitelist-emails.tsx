import "../styles/organizer.css";
import { Whitelist } from "../features/people/whitelist";
import { mount } from "../lib/mount";

mount("admin-whitelist-emails", Whitelist);
