// The travel-support calls (docs/api/travel.md): the applicant's request, grant and receipts;
// the organizers' budget, grants, receipt reviews and payout CSV.
import { api } from "../lib/api";
import type { components } from "./schema";
import { urls } from "./urls";

type Schemas = components["schemas"];

export type OwnTravel = Schemas["OwnTravel"];
export type TravelRequestInput = Schemas["TravelRequestInputRequest"];
export type TravelReceipt = Schemas["TravelReceipt"];
export type TravelOverview = Schemas["TravelOverview"];
export type TravelPerson = Schemas["TravelOverviewPerson"];
export type TravelBudgetInput = Schemas["TravelBudgetInputRequest"];
export type TravelBulkInput = Schemas["TravelBulkGrantInputRequest"];

export const travelApi = {
  mine: () => api.get<OwnTravel>(urls.travelMine),
  saveRequest: (input: TravelRequestInput) => api.put<Schemas["TravelRequest"]>(urls.travelRequest, input),
  withdrawRequest: () => api.delete<void>(urls.travelRequest),
  uploadReceipt: (file: File, amount: string) => {
    const form = new FormData();
    form.append("file", file);
    form.append("amount", amount);
    return api.upload<TravelReceipt>(urls.travelReceipts, form);
  },
  deleteReceipt: (id: number) => api.delete<void>(urls.travelReceipt(id)),
  overview: () => api.get<TravelOverview>(urls.travelOverview),
  setBudget: (input: TravelBudgetInput) => api.put<TravelOverview>(urls.travelBudget, input),
  grant: (applicationId: number, amount: string) =>
    api.put<Schemas["TravelGrant"]>(urls.travelGrant(applicationId), { amount }),
  withdrawGrant: (applicationId: number) => api.delete<void>(urls.travelGrant(applicationId)),
  grantBulk: (input: TravelBulkInput) => api.post<Schemas["TravelBulkGrant"]>(urls.travelGrantsBulk, input),
  review: (receiptId: number, decision: "approve" | "reject", reason: string) =>
    api.post<TravelReceipt>(urls.travelReceiptReview(receiptId), { decision, reason }),
  receiptFileUrl: (receiptId: number) => urls.travelReceiptFile(receiptId),
  payoutUrl: urls.travelPayout,
};
