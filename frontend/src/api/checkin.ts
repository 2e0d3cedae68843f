// The check-in calls (docs/api/checkin.md): the applicant's ticket, and the check-in staff's
// scan, search, check-in by id, walk-in and header counts.
import { api } from "../lib/api";
import type { components } from "./schema";
import { urls } from "./urls";

type Schemas = components["schemas"];

/** What the check-in page shows of a person (no photo). */
export type Person = Schemas["Person"];
/** 200/201 of scan, check-in and walk-in. */
export type CheckInResult = Schemas["CheckInResult"];
export type WalkInResult = Schemas["WalkInResult"];
export type SearchHit = Schemas["SearchResult"];
export type CheckInStats = Schemas["StatsOutput"];
export type EventInfo = Schemas["Event"];
export type Ticket = Schemas["Ticket"];
// The schema says code_of_conduct must be true; the form sends its box as it stands, so an
// unticked box comes back as the API's error on that field, shown beside it.
export type WalkInInput = Omit<
  Schemas["WalkInInputRequest"],
  "tshirt_size" | "dietary_restrictions" | "code_of_conduct"
> & {
  dietary_restrictions?: string;
  tshirt_size?: string;
  code_of_conduct: boolean;
};

export type Checkpoint = Schemas["Checkpoint"];
export type CheckpointList = Schemas["CheckpointList"];
export type CheckpointKind = Checkpoint["kind"];
/** 200 of a checkpoint scan: who, where, when (the event's time). */
export type CheckpointResult = Schemas["CheckpointPass"];

export type RefusalCode =
  | "already_checked_in"
  | "not_confirmed"
  | "replaced"
  | "other_event"
  | "invalid"
  | "already_passed"
  | "not_checked_in";

/** The one error shape of a 409/400 from scan or check-in, with its `result` code and the
 *  person when known (docs/api/checkin.md). */
export type CheckInRefusal = Schemas["Error"] & {
  result?: RefusalCode;
  person?: Person;
  checkpoint?: CheckpointResult["checkpoint"];
};

export type StaffRole = "admin" | "reviewer" | "volunteer";
export interface StaffMember {
  email: string;
  role: StaffRole;
}

export const checkinApi = {
  ticket: () => api.get<Ticket>(urls.ticket),
  reissue: () => api.post<Ticket>(urls.ticketReissue),
  scan: (token: string, scanId: string) => api.post<CheckInResult>(urls.scan, { token, scan_id: scanId }),
  checkIn: (applicationId: number, scanId: string) =>
    api.post<CheckInResult>(urls.checkIn, { application_id: applicationId, scan_id: scanId }),
  search: (q: string) => api.get<Schemas["SearchOutput"]>(urls.checkinSearch, { q }),
  stats: () => api.get<CheckInStats>(urls.checkinStats),
  walkIn: (input: WalkInInput) => api.post<WalkInResult>(urls.walkIn, input),
  checkpoints: () => api.get<CheckpointList>(urls.checkpoints),
  addCheckpoint: (name: string, kind: CheckpointKind) => api.post<Checkpoint>(urls.checkpoints, { name, kind }),
  deleteCheckpoint: (id: number) => api.delete<void>(urls.checkpoint(id)),
  checkpointScan: (id: number, token: string, scanId: string) =>
    api.post<CheckpointResult>(urls.checkpointScan(id), { token, scan_id: scanId }),
  checkpointPass: (id: number, applicationId: number, scanId: string) =>
    api.post<CheckpointResult>(urls.checkpointPass(id), { application_id: applicationId, scan_id: scanId }),
  staff: () => api.get<StaffMember[]>(urls.staff),
  setStaffRole: (email: string, role: StaffRole | "user") =>
    api.post<{ email: string; role: string }>(urls.staffRole, { email, role }),
};
