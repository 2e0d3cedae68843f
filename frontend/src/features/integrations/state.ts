// The webhooks page's view logic, apart from React so a table test covers it.
import type { WebhookDelivery, WebhookEndpoint, WebhookEvent } from "../../api/integrations";
import { t } from "../../lib/i18n";

export interface EventChoice {
  value: WebhookEvent;
  label: string;
}

/** The events ticked, in the order the page lists them (the order the server keeps). */
export function toggleEvent(chosen: WebhookEvent[], event: WebhookEvent, on: boolean, order: EventChoice[]): WebhookEvent[] {
  const set = new Set(chosen);
  if (on) set.add(event);
  else set.delete(event);
  return order.map((c) => c.value).filter((v) => set.has(v));
}

/** "12 sent · 1 failed · 2 waiting": the endpoint's deliveries at a glance. */
export function countsLine(endpoint: Pick<WebhookEndpoint, "sent" | "failed" | "pending">): string {
  if (!endpoint.sent && !endpoint.failed && !endpoint.pending) return t("Nothing sent yet");
  const parts = [t("{n} sent", { n: endpoint.sent })];
  if (endpoint.failed) parts.push(t("{n} failed", { n: endpoint.failed }));
  if (endpoint.pending) parts.push(t("{n} waiting", { n: endpoint.pending }));
  return parts.join(" · ");
}

/** What a failed delivery's row says: the event, whose, how many attempts and the last answer. */
export function deliveryLine(delivery: Pick<WebhookDelivery, "event" | "application_id" | "attempts" | "response_status">): string {
  const attempts = t.plural(delivery.attempts, { one: "{count} attempt", other: "{count} attempts" });
  const vars = { event: delivery.event, application: delivery.application_id ?? "", attempts, answer: delivery.response_status ?? "" };
  if (delivery.application_id != null && delivery.response_status != null)
    return t("{event} for application {application}: {attempts}, last answer {answer}", vars);
  if (delivery.application_id != null) return t("{event} for application {application}: {attempts}", vars);
  if (delivery.response_status != null) return t("{event}: {attempts}, last answer {answer}", vars);
  return t("{event}: {attempts}", vars);
}

/** The form's own check before it asks the server (which checks the address itself): English,
 *  shown through t() like the server's messages. */
export function formErrors(url: string, events: WebhookEvent[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const value = url.trim();
  if (!value) errors.url = t.noop("Enter the address to send to.");
  else if (!/^https?:\/\//i.test(value)) errors.url = t.noop("Enter an http:// or https:// address.");
  if (events.length === 0) errors.events = t.noop("Choose at least one event.");
  return errors;
}
