import { ApplyPage } from "../features/apply/apply-page";
import { mount } from "../lib/mount";
import "../styles/apply.css";

mount("apply", ApplyPage);
