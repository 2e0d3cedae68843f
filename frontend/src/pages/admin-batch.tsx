import "../styles/organizer.css";
import { BatchPage } from "../features/organizer/batch-page";
import { mount } from "../lib/mount";

mount("admin-batch", BatchPage);
