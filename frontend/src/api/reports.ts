// Organizer reports: statistics, CSV export, demographics, the question set, resume downloads.
import { request, api } from "../lib/api";

export type StatKey =
  | "total_applications"
  | "princeton_applications"
  | "non_princeton_applications"
  | "total_started"
  | "princeton_started"
  | "non_princeton_started"
  | "princeton_accepted"
  | "non_princeton_accepted"
  | "princeton_confirmed"
  | "non_princeton_confirmed"
  | "princeton_declined"
  | "non_princeton_declined";

export type Stats = Record<StatKey, number>;

/** The export filter grammar: field → value, {"$ne": value} or {"$in": [values]}. */
export type FilterValue = string | { $ne: string } | { $in: string[] };
export type ExportFilters = Record<string, FilterValue>;

export type DemographicGroup = "applied" | "accepted" | "confirmed";

export interface DemographicQuestion {
  question_id: string;
  question_text: string;
  question_type: string;
  data: { label: string; count: number }[];
}

export type QuestionType =
  | "numeric"
  | "boolean"
  | "short_answer"
  | "long_answer"
  | "multiple_choice"
  | "multiselect"
  | "list"
  | "resume"
  | "country";

export interface QuestionDto {
  question_id: string;
  question_text: string;
  question_type: QuestionType;
  options: string[];
}

export interface SectionDto {
  section_name: string;
  conditional_on: string | null;
  questions: QuestionDto[];
}

/** A downloaded file: its bytes and the name the server gave it (or our fallback). */
export interface Download {
  blob: Blob;
  filename: string;
}

export function filenameFrom(response: Response, fallback: string): string {
  const header = response.headers.get("Content-Disposition") ?? "";
  const star = header.match(/filename\*=(?:UTF-8'')?([^;]+)/i);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ""));
    } catch {
      /* fall through to the plain parameter */
    }
  }
  const plain = header.match(/filename="?([^";]+)"?/i);
  return plain ? plain[1].trim() : fallback;
}

async function download(path: string, fallback: string, query?: Record<string, string>): Promise<Download> {
  const response = await request<Response>(path, { query, raw: true });
  return { blob: await response.blob(), filename: filenameFrom(response, fallback) };
}

export const reportsApi = {
  stats: () => api.get<Stats>("/api/applications/stats"),
  exportCsv: (filters: ExportFilters, fallbackName: string) =>
    download("/api/applications/export", fallbackName, { filters: JSON.stringify(filters) }),
  demographics: (group: DemographicGroup) =>
    api.get<DemographicQuestion[]>("/api/applications/demographics", { group }),
  questions: () => api.get<SectionDto[]>("/api/applications/questions"),
  saveQuestions: (sections: SectionDto[]) => api.put<SectionDto[] | unknown>("/api/applications/questions", sections),
  resume: (email: string) => download(`/api/resume/download/${encodeURIComponent(email)}`, `${email}.pdf`),
  allResumes: () => download("/api/resume/download-all", "resumes.zip"),
};
