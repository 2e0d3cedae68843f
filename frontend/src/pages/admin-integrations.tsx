import "../styles/organizer.css";
import { WebhooksPage } from "../features/integrations/webhooks-page";
import { loadCatalog } from "../lib/i18n-load";
import { mount } from "../lib/mount";

// The catalog first (none for English), so the page renders in its language at once.
void loadCatalog("integrations").finally(() => mount("admin-integrations", WebhooksPage));
