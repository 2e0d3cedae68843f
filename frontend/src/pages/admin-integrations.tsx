import "../styles/organizer.css";
import { WebhooksPage } from "../features/integrations/webhooks-page";
import { mount } from "../lib/mount";

mount("admin-integrations", WebhooksPage);
