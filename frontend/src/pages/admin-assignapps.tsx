import "../styles/organizer.css";
import "../styles/reviews.css";
import { AssignApplications } from "../features/organizer/assign-applications";
import { mount } from "../lib/mount";

mount("admin-assignapps", AssignApplications);
