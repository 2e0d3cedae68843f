import "../styles/organizer.css";
import "../styles/travel.css";
import { AdminTravelPage } from "../features/travel/admin-travel-page";
import { mount } from "../lib/mount";

mount("admin-travel", AdminTravelPage);
