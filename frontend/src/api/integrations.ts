// Webhook endpoints (organizers): register, list, remove, and their deliveries with a re-send.
import { api } from "../lib/api";
import type { components } from "./schema";
import { urls } from "./urls";

type Schemas = components["schemas"];

export type WebhookEndpoint = Schemas["EndpointOutput"];
export type WebhookEndpointCreated = Schemas["EndpointCreated"];
export type WebhookEndpointInput = Schemas["EndpointInputRequest"];
export type WebhookDelivery = Schemas["DeliveryOutput"];
export type CalendarFeed = Schemas["CalendarFeed"];
export type ChatChannel = Schemas["ChannelOutput"];
export type ChatChannelInput = Schemas["ChannelInputRequest"];
export type WebhookEvent = WebhookEndpointInput["events"][number];

export const integrationsApi = {
  endpoints: () => api.get<WebhookEndpoint[]>(urls.webhooks),
  create: (body: WebhookEndpointInput) => api.post<WebhookEndpointCreated>(urls.webhooks, body),
  remove: (id: number) => api.delete<void>(urls.webhook(id)),
  deliveries: (id: number, state?: WebhookDelivery["state"]) =>
    api.get<WebhookDelivery[]>(urls.webhookDeliveries(id), state ? { state } : undefined),
  resend: (id: number) => api.post<WebhookDelivery>(urls.webhookResend(id)),
  channels: () => api.get<ChatChannel[]>(urls.chatChannels),
  addChannel: (body: ChatChannelInput) => api.post<ChatChannel>(urls.chatChannels, body),
  removeChannel: (id: number) => api.delete<void>(urls.chatChannel(id)),
  /** The applicant's private calendar feed (made on first ask; `renew` ends the old address). */
  calendarFeed: () => api.get<CalendarFeed>(urls.calendarFeed),
  renewCalendarFeed: () => api.post<CalendarFeed>(urls.calendarFeed),
};
