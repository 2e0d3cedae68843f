// The check-in calls (docs/api/checkin.md): the applicant's ticket, and the check-in staff's
// scan, search, check-in by id, walk-in and header counts.
import { api } from "../lib/api";
import { urls } from "./urls";

export interface Person {
  application_id: number;
  name: string;
  first_name: string;
  last_name: string;
  email: string;
  school: string;
  dietary_restrictions: string;
  tshirt_size: string;
  status: string;
  checked_in_at: string | null;
  checked_in_by: string | null;
}

export interface CheckInResult {
  result: "checked_in";
  person: Person;
}

export type RefusalCode = "already_checked_in" | "not_confirmed" | "replaced" | "other_event" | "invalid";

/** The error shape of a 409/400 from scan or check-in, with its `result` code. */
export interface CheckInRefusal {
  message: string;
  errors?: Record<string, string[]>;
  result?: RefusalCode;
  person?: Person;
}

export interface SearchHit {
  application_id: number;
  name: string;
  email: string;
  school: string;
  status: string;
  checked_in_at: string | null;
}

export interface CheckInStats {
  confirmed: number;
  checked_in: number;
}

export interface EventInfo {
  name: string;
  start: string;
  end: string;
  location: string;
}

export interface Ticket {
  token: string;
  qr_svg: string;
  version: number;
  issued_at: string;
  ics_url: string;
  event: EventInfo;
  checked_in_at: string | null;
}

export interface WalkInInput {
  email: string;
  first_name: string;
  last_name: string;
  school: string;
  dietary_restrictions?: string;
  tshirt_size?: string;
}

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
  search: (q: string) => api.get<{ results: SearchHit[] }>(urls.checkinSearch, { q }),
  stats: () => api.get<CheckInStats>(urls.checkinStats),
  walkIn: (input: WalkInInput) => api.post<CheckInResult>(urls.walkIn, input),
  staff: () => api.get<StaffMember[]>(urls.staff),
  setStaffRole: (email: string, role: StaffRole | "user") =>
    api.post<{ email: string; role: string }>(urls.staffRole, { email, role }),
};
