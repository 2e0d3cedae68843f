// Batch mailings and the automated emails' templates.
import { api } from "../lib/api";

export type MailingStatus = "scheduled" | "sending" | "sent" | "cancelled";

export interface Mailing {
  id: number;
  subject: string;
  audience: string;
  send_at: string;
  status: MailingStatus | string;
  recipients: number;
  sent: number;
  failed: number;
}

export interface MailingCreated {
  id: number;
  status: string;
  recipients: number;
}

export interface Placeholder {
  name: string;
  description?: string;
}

export interface EmailTemplate {
  key: string;
  subject: string;
  html: string;
  name?: string;
  description?: string;
  placeholders?: (string | Placeholder)[];
  /** True when an organizer's version replaces the default. */
  customized?: boolean;
}

export interface Preview {
  subject: string;
  html: string;
}

export const mailingsApi = {
  list: () => api.get<Mailing[]>("/api/mailings"),
  create: (form: FormData) => api.upload<MailingCreated>("/api/mailings", form),
  cancel: (id: number) => api.delete<unknown>(`/api/mailings/${id}`),
  templates: () => api.get<EmailTemplate[]>("/api/mailings/templates"),
  saveTemplate: (key: string, subject: string, html: string) =>
    api.put<EmailTemplate>(`/api/mailings/templates/${encodeURIComponent(key)}`, { subject, html }),
  resetTemplate: (key: string) => api.delete<EmailTemplate>(`/api/mailings/templates/${encodeURIComponent(key)}`),
  preview: (key: string, subject: string, html: string) =>
    api.post<Preview>(`/api/mailings/templates/${encodeURIComponent(key)}/preview`, { subject, html }),
  sendTest: (key: string, subject: string, html: string) =>
    api.post<{ message?: string }>(`/api/mailings/templates/${encodeURIComponent(key)}/test`, { subject, html }),
};
