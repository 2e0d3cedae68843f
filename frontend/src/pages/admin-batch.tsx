import "../styles/organizer.css";
import { BatchPage } from "../app/batch-page";
import { mount } from "../lib/mount";

mount("admin-batch", BatchPage);
