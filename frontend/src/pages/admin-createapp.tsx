import "../styles/reports.css";
import "../styles/apply.css";
import { QuestionBuilder } from "../features/builder/question-builder";
import { mount } from "../lib/mount";

mount("admin-createapp", QuestionBuilder);
