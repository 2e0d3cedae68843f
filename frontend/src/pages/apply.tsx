import { ApplyWithTravel } from "../app/apply-with-travel";
import { loadCatalog } from "../lib/i18n-load";
import { mount } from "../lib/mount";
import "../styles/apply.css";
import "../styles/travel.css";

// The catalog first (none for English), so the form renders in its language at once.
void loadCatalog("apply").finally(() => mount("apply", ApplyWithTravel));
