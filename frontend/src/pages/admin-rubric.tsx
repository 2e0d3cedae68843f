import "../styles/organizer.css";
import "../styles/reviews.css";
import { RubricPage } from "../features/reviews/rubric-page";
import { mount } from "../lib/mount";

mount("admin-rubric", RubricPage);
