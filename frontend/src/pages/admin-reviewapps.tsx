import "../styles/organizer.css";
import "../styles/reviews.css";
import { ReviewList } from "../features/organizer/review-list";
import { mount } from "../lib/mount";

mount("admin-reviewapps", ReviewList);
