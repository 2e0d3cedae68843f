import "../styles/organizer.css";
import "../styles/reviews.css";
import { ReviewDetail } from "../features/reviews/review-detail";
import { mount } from "../lib/mount";

mount("admin-reviewapps-index", ReviewDetail);
