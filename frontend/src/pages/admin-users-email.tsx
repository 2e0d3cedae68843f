// The editor renders the applicant form's questions, styled by the apply sheet.
import "../styles/apply.css";
import "../styles/organizer.css";
import { ApplicantDetail } from "../features/applications/applicant-detail";
import { mount } from "../lib/mount";

mount("admin-users-email", ApplicantDetail);
