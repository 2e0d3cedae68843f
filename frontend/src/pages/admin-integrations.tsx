import "../styles/organizer.css";
import { WebhooksPage } from "../features/integrations/webhooks-page";
import { loadOrganizerCatalog } from "../lib/i18n-load-organizer";
import { mount } from "../lib/mount";

// The catalog first (none for English), so the page renders in its language at once.
void loadOrganizerCatalog("integrations").finally(() => mount("admin-integrations", WebhooksPage));
