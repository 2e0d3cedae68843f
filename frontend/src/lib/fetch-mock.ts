// Test helper: a fetch() stand-in that answers by method and path, and records every call.
import { vi } from "vitest";

export interface Reply {
  status?: number;
  body?: unknown;
}

export type Route = Reply | ((call: RecordedCall) => Reply | Promise<Reply>);

export interface RecordedCall {
  method: string;
  url: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

function respond({ status = 200, body }: Reply): Response {
  if (status === 204) return new Response(null, { status });
  const text = body === undefined ? "" : typeof body === "string" ? body : JSON.stringify(body);
  return new Response(text, { status, headers: { "Content-Type": "application/json" } });
}

/**
 * Install a fetch mock. Routes are keyed "METHOD /path" (query ignored); a route may be a list,
 * answered in order (the last one repeats). Unknown routes answer 404 so a test can't pass by
 * accident. GET /api/auth/whitelist answers [] unless given.
 */
export function mockFetch(routes: Record<string, Route | Route[]>) {
  const calls: RecordedCall[] = [];
  const served: Record<string, number> = {};
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const path = url.split("?")[0];
    const method = (init.method ?? "GET").toUpperCase();
    const headers = { ...(init.headers as Record<string, string> | undefined) };
    let body: unknown = init.body;
    if (typeof body === "string") {
      try {
        body = JSON.parse(body);
      } catch {
        /* not JSON: keep the text */
      }
    }
    const call = { method, url, path, headers, body };
    calls.push(call);
    const key = `${method} ${path}`;
    let route = routes[key];
    if (route === undefined && key === "GET /api/auth/whitelist") route = { body: [] };
    if (route === undefined) return respond({ status: 404, body: { message: `No mock for ${key}` } });
    if (Array.isArray(route)) {
      const index = Math.min(served[key] ?? 0, route.length - 1);
      served[key] = (served[key] ?? 0) + 1;
      route = route[index];
    }
    const reply = typeof route === "function" ? await route(call) : route;
    return respond(reply);
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    fetch: fetchMock,
    calls,
    /** The calls other than the whitelist lookups the forms make on mount. */
    apiCalls: () => calls.filter((c) => c.path !== "/api/auth/whitelist"),
  };
}
