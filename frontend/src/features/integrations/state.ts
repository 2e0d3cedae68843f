// The webhooks page's view logic, apart from React so a table test covers it.
import type { WebhookDelivery, WebhookEndpoint, WebhookEvent } from "../../api/integrations";

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

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** "12 sent · 1 failed · 2 waiting": the endpoint's deliveries at a glance. */
export function countsLine(endpoint: Pick<WebhookEndpoint, "sent" | "failed" | "pending">): string {
  if (!endpoint.sent && !endpoint.failed && !endpoint.pending) return "Nothing sent yet";
  const parts = [`${endpoint.sent} sent`];
  if (endpoint.failed) parts.push(`${endpoint.failed} failed`);
  if (endpoint.pending) parts.push(`${endpoint.pending} waiting`);
  return parts.join(" · ");
}

/** What a failed delivery's row says: the event, whose, how many attempts and the last answer. */
export function deliveryLine(delivery: Pick<WebhookDelivery, "event" | "application_id" | "attempts" | "response_status">): string {
  const subject = delivery.application_id != null ? ` for application ${delivery.application_id}` : "";
  const answer = delivery.response_status != null ? `, last answer ${delivery.response_status}` : "";
  return `${delivery.event}${subject}: ${plural(delivery.attempts, "attempt", "attempts")}${answer}`;
}

/** The form's own check before it asks the server (which checks the address itself). */
export function formErrors(url: string, events: WebhookEvent[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const value = url.trim();
  if (!value) errors.url = "Enter the address to send to.";
  else if (!/^https?:\/\//i.test(value)) errors.url = "Enter an http:// or https:// address.";
  if (events.length === 0) errors.events = "Choose at least one event.";
  return errors;
}
