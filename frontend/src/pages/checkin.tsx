import { CheckinPage } from "../features/checkin/checkin-page";
import { mount } from "../lib/mount";
import "../styles/checkin.css";

mount("checkin", CheckinPage);
