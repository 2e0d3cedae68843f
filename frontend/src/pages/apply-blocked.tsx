import { ApplyBlocked } from "../features/apply/apply-blocked";
import { loadCatalog } from "../lib/i18n-load";
import { mount } from "../lib/mount";
import "../styles/apply.css";

// The apply form's catalog: this page shows its title. Its message comes from the server.
void loadCatalog("apply").finally(() => mount("apply-blocked", ApplyBlocked));
