import { CheckinPage } from "../features/checkin/checkin-page";
import type { Catalog } from "../lib/i18n";
import { loadCatalog } from "../lib/i18n-load";
import { mount } from "../lib/mount";
import "../styles/checkin.css";

// The catalog first (none for English), so the door's page renders in its language at once.
const catalogs = import.meta.glob<Catalog>("../locales/*/checkin.json", { import: "default" });
void loadCatalog("checkin", catalogs).finally(() => mount("checkin", CheckinPage));
