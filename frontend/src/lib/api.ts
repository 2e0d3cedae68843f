// The only caller of fetch() in the frontend. Same-origin cookies, JSON, the CSRF header on
// unsafe methods; on a 401 it refreshes the session once and retries once.
import { urls } from "../api/urls";
import { getConfig } from "./config";
import { t } from "./i18n";

export interface ApiErrorBody {
  message?: string;
  errors?: Record<string, string[]>;
  /** A machine-readable reason (English) on the refusals a page acts on; `message` is translated. */
  code?: string;
}

export class ApiError extends Error {
  status: number;
  body: ApiErrorBody;
  constructor(status: number, body: ApiErrorBody) {
    super(body.message || t("Request failed ({status})", { status }));
    this.status = status;
    this.body = body;
  }
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RequestOptions {
  method?: Method;
  json?: unknown;
  form?: FormData;
  query?: Record<string, string | number | undefined | null>;
  /** Return the raw Response (downloads). */
  raw?: boolean;
}

const REFRESH_URL = urls.tokenRefresh;

function csrfToken(): string {
  const match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
  if (match) return decodeURIComponent(match[1]);
  try {
    return getConfig().csrfToken;
  } catch {
    return "";
  }
}

function buildUrl(path: string, query?: RequestOptions["query"]): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const method = options.method ?? "GET";
  const headers: Record<string, string> = { Accept: "application/json" };
  let body: BodyInit | undefined;
  if (options.form) {
    body = options.form;
  } else if (options.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.json);
  }
  if (method !== "GET") headers["X-CSRFToken"] = csrfToken();
  return fetch(buildUrl(path, options.query), { method, headers, body, credentials: "same-origin" });
}

async function parseError(response: Response): Promise<ApiError> {
  let body: ApiErrorBody = {};
  try {
    body = (await response.json()) as ApiErrorBody;
  } catch {
    body = { message: t("Request failed ({status})", { status: response.status }) };
  }
  return new ApiError(response.status, body);
}

export async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  let response = await send(path, options);
  // A 401 from the auth calls themselves (a wrong password, no session yet) is the answer, not
  // an expired session: refreshing would only add a second 401.
  if (response.status === 401 && !path.startsWith("/api/auth/")) {
    const refreshed = await send(REFRESH_URL, { method: "POST" });
    if (refreshed.ok) response = await send(path, options);
  }
  if (!response.ok) throw await parseError(response);
  if (options.raw) return response as unknown as T;
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string, query?: RequestOptions["query"]) => request<T>(path, { query }),
  post: <T>(path: string, json?: unknown) => request<T>(path, { method: "POST", json: json ?? {} }),
  put: <T>(path: string, json?: unknown) => request<T>(path, { method: "PUT", json: json ?? {} }),
  delete: <T>(path: string) => request<T>(path, { method: "DELETE" }),
  upload: <T>(path: string, form: FormData) => request<T>(path, { method: "POST", form }),
};

/** Field errors of a 400 keyed by field, each a single message. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.body.errors) return {};
  return Object.fromEntries(Object.entries(error.body.errors).map(([k, v]) => [k, v[0] ?? ""]));
}

/** The server's message when it sent one, else the fallback. */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.body.message) return error.body.message;
  return fallback;
}
