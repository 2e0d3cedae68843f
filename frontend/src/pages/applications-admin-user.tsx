import "../styles/organizer.css";
import { ApplicantDetail } from "../features/organizer/applicant-detail";
import { mount } from "../lib/mount";

mount("applications-admin-user", ApplicantDetail);
