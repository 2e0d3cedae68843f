import "../styles/organizer.css";
import { ReviewList } from "../features/organizer/review-list";
import { mount } from "../lib/mount";

mount("admin-reviewapps", ReviewList);
