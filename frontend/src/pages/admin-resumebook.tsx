import "../styles/reports.css";
import { ResumeBook } from "../features/reports/resume-book";
import { mount } from "../lib/mount";

mount("admin-resumebook", ResumeBook);
