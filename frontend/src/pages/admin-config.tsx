import "../styles/organizer.css";
import { ConfigForm } from "../features/cycles/config-form";
import { loadCatalog } from "../lib/i18n-load";
import { mount } from "../lib/mount";

// The catalog first (none for English), so the page renders in its language at once.
void loadCatalog("config").finally(() => mount("admin-config", ConfigForm));
