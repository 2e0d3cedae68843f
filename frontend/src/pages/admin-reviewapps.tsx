import "../styles/organizer.css";
import "../styles/reviews.css";
import { ReviewList } from "../features/reviews/review-list";
import { mount } from "../lib/mount";

mount("admin-reviewapps", ReviewList);
