// Organizer reports: statistics, CSV export, demographics, the question set, resume downloads.
import { request, api } from "../lib/api";
import type { components } from "./schema";
import { urls } from "./urls";
import type { QuestionSection } from "./applications";

type Schemas = components["schemas"];

export type Stats = Schemas["Stats"];
export type StatKey = keyof Stats;

/** Filters in the one filter language of applications, as the table's address has them
 * (`{"selection": "confirmed", "host": "true"}`): the export takes them as its query. */
export type SelectionFilters = Record<string, string>;

export type Trend = Schemas["Trend"];
export type TrendDay = Schemas["TrendDay"];

export type DemographicGroup = "applied" | "accepted" | "confirmed";
export type DemographicQuestion = Schemas["Demographic"];

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

/** Bytes received so far, and the size when the server says it (a streamed zip or CSV doesn't). */
export type OnProgress = (received: number, total: number | null) => void;

/** The body, read chunk by chunk so that a page can show how much has arrived. */
export async function readBody(response: Response, onProgress?: OnProgress): Promise<Blob> {
  if (!onProgress || !response.body) return response.blob();
  const total = Number(response.headers.get("Content-Length")) || null;
  const reader = response.body.getReader();
  const chunks: BlobPart[] = [];
  let received = 0;
  onProgress(0, total);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as BlobPart);
    received += value.byteLength;
    onProgress(received, total);
  }
  return new Blob(chunks, { type: response.headers.get("Content-Type") ?? "" });
}

async function download(
  path: string,
  fallback: string,
  query?: Record<string, string>,
  onProgress?: OnProgress,
): Promise<Download> {
  const response = await request<Response>(path, { query, raw: true });
  return { blob: await readBody(response, onProgress), filename: filenameFrom(response, fallback) };
}

export const reportsApi = {
  stats: () => api.get<Stats>(urls.stats),
  trend: () => api.get<Trend>(urls.statsTrend),
  exportCsv: (filters: SelectionFilters, fallbackName: string, onProgress?: OnProgress) =>
    download(urls.exportCsv, fallbackName, filters, onProgress),
  demographics: (group: DemographicGroup) => api.get<DemographicQuestion[]>(urls.demographics, { group }),
  questions: () => api.get<QuestionSection[]>(urls.questions),
  saveQuestions: (sections: Schemas["QuestionSectionRequest"][]) =>
    api.put<QuestionSection[]>(urls.questions, sections),
  rsvpQuestions: () => api.get<QuestionSection[]>(urls.rsvpQuestions),
  saveRsvpQuestions: (sections: Schemas["QuestionSectionRequest"][]) =>
    api.put<QuestionSection[]>(urls.rsvpQuestions, sections),
  resume: (email: string) => download(urls.resumeDownload(email), `${email}.pdf`),
  allResumes: (onProgress?: OnProgress) => download(urls.resumeDownloadAll, "resumes.zip", undefined, onProgress),
  /** Only the confirmed attendees who agreed to share their resume with sponsors. */
  sponsorResumes: (onProgress?: OnProgress) =>
    download(urls.resumeDownloadAll, "resumes-sponsors.zip", { for: "sponsors" }, onProgress),
};
