import "../styles/organizer.css";
import { Administrators } from "../features/organizer/administrators";
import { mount } from "../lib/mount";

mount("admin-administrators", Administrators);
