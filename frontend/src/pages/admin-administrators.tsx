import "../styles/organizer.css";
import { Administrators } from "../features/people/administrators";
import { mount } from "../lib/mount";

mount("admin-administrators", Administrators);
