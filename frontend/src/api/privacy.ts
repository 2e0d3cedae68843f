// The signed-in person's own data: the export's address, account deletion, the sponsors' consent.
import { api } from "../lib/api";
import type { components } from "./schema";
import { urls } from "./urls";

type Schemas = components["schemas"];
export type SponsorConsent = Schemas["SponsorConsentOutput"];

export const privacyApi = {
  /** A plain link downloads it: the browser streams the zip straight to a file. */
  exportUrl: urls.privacyExport,
  deleteAccount: (email: string) => api.post<Schemas["Message"]>(urls.deleteAccount, { email }),
  sponsorConsent: () => api.get<SponsorConsent>(urls.sponsorConsent),
  setSponsorConsent: (share: boolean) =>
    api.put<SponsorConsent>(urls.sponsorConsent, { share_resume_with_sponsors: share }),
};
