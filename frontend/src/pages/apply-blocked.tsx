import { ApplyBlocked } from "../features/apply/apply-blocked";
import { mount } from "../lib/mount";
import "../styles/apply.css";

mount("apply-blocked", ApplyBlocked);
