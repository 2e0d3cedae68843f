import "../styles/organizer.css";
import { Whitelist } from "../features/people/whitelist";
import { loadCatalog } from "../lib/i18n-load";
import { mount } from "../lib/mount";

// The catalog first (none for English), so the page renders in its language at once.
void loadCatalog("people").finally(() => mount("admin-whitelist-emails", Whitelist));
