// The editor renders the applicant form's questions, styled by the apply sheet.
import "../styles/apply.css";
import "../styles/organizer.css";
import { ApplicantDetail } from "../features/organizer/applicant-detail";
import { mount } from "../lib/mount";

mount("admin-users-email", ApplicantDetail);
