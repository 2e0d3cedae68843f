// Batch mailings and the automated emails' templates.
import { api } from "../lib/api";
import type { components } from "./schema";
import { urls } from "./urls";

type Schemas = components["schemas"];

export type MailingStatus = Schemas["MailingStatusEnum"];
export type Mailing = Schemas["MailingOutput"];
export type MailingCreated = Schemas["MailingCreated"];
export type EmailTemplate = Schemas["TemplateOutput"];
export type Preview = Schemas["Preview"];
export type MailingDraft = Schemas["MailingDraftRequest"];
export type MailingPreview = Schemas["MailingPreview"];
export type AudienceCount = Schemas["AudienceCount"];
export type DeliveryState = Schemas["DeliveryStateEnum"];
export type DeliveryPage = Schemas["DeliveryPage"];

export const mailingsApi = {
  list: () => api.get<Mailing[]>(urls.mailings),
  create: (form: FormData) => api.upload<MailingCreated>(urls.mailings, form),
  cancel: (id: number) => api.delete<Schemas["MailingCancelled"]>(urls.mailing(id)),
  /** The draft rendered for one recipient of its audience, and how many the audience holds. */
  previewDraft: (draft: MailingDraft) => api.post<MailingPreview>(urls.mailingPreview, draft),
  audiences: () => api.get<AudienceCount[]>(urls.mailingAudiences),
  /** How many one audience (its argument included) holds now. */
  audienceCount: (body: { audience: string; filters?: string; ids?: number[]; emails?: string }) =>
    api.post<AudienceCount>(urls.mailingAudienceCount, body),
  /** The draft sent to the organizer writing it. */
  sendDraftTest: (draft: MailingDraft) => api.post<Schemas["Message"]>(urls.mailingTest, draft),
  deliveries: (id: number, query: { page: number; state?: DeliveryState }) =>
    api.get<DeliveryPage>(urls.mailingDeliveries(id), query),
  // `language`: whose version (an enabled language's code); "" is the default language's.
  templates: (language = "") => api.get<EmailTemplate[]>(urls.templates, language ? { language } : undefined),
  saveTemplate: (key: string, subject: string, html: string, language = "") =>
    api.put<EmailTemplate>(urls.template(key), { subject, html, ...(language ? { language } : {}) }),
  resetTemplate: (key: string, language = "") =>
    api.delete<EmailTemplate>(language ? `${urls.template(key)}?${new URLSearchParams({ language })}` : urls.template(key)),
  preview: (key: string, subject: string, html: string, language = "") =>
    api.post<Preview>(urls.templatePreview(key), { subject, html, ...(language ? { language } : {}) }),
  sendTest: (key: string, subject: string, html: string, language = "") =>
    api.post<Schemas["Message"]>(urls.templateTest(key), { subject, html, ...(language ? { language } : {}) }),
};
