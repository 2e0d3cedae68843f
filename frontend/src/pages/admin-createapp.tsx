import "../styles/reports.css";
import "../styles/apply.css";
import { QuestionBuilder } from "../features/builder/question-builder";
import { loadOrganizerCatalog } from "../lib/i18n-load-organizer";
import { mount } from "../lib/mount";

// The catalog first (none for English), so the page renders in its language at once.
void loadOrganizerCatalog("builder").finally(() => mount("admin-createapp", QuestionBuilder));
