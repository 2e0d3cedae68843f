import "../styles/organizer.css";
import "../styles/reviews.css";
import { AssignApplications } from "../features/reviews/assign-applications";
import { mount } from "../lib/mount";

mount("admin-assignapps", AssignApplications);
