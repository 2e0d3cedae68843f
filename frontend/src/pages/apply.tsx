import { ApplyWithTravel } from "../app/apply-with-travel";
import { mount } from "../lib/mount";
import "../styles/apply.css";
import "../styles/travel.css";

mount("apply", ApplyWithTravel);
