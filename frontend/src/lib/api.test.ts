// @vitest-environment jsdom
// (The API client reads the CSRF cookie from document.cookie: this .ts file needs the DOM.)
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, api, fieldErrors, request } from "./api";
import { setConfig, type PortalConfig } from "./config";
import { mockFetch } from "./fetch-mock";

function setCsrfCookie(value: string | null) {
  document.cookie = value === null ? "csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/" : `csrftoken=${value}; path=/`;
}

beforeEach(() => setCsrfCookie("cookie-token"));
afterEach(() => {
  setCsrfCookie(null);
  setConfig(null);
  vi.unstubAllGlobals();
});

describe("the CSRF header", () => {
  it.each(["POST", "PUT", "PATCH", "DELETE"] as const)("is sent on %s from the csrftoken cookie", async (method) => {
    const { calls } = mockFetch({ [`${method} /api/x`]: { body: { ok: true } } });
    await request("/api/x", { method, json: {} });
    expect(calls[0].headers["X-CSRFToken"]).toBe("cookie-token");
  });

  it("is not sent on GET", async () => {
    const { calls } = mockFetch({ "GET /api/x": { body: [] } });
    await api.get("/api/x");
    expect(calls[0].headers).not.toHaveProperty("X-CSRFToken");
  });

  it("falls back to the page config's token when there is no cookie", async () => {
    setCsrfCookie(null);
    setConfig({ csrfToken: "config-token" } as PortalConfig);
    const { calls } = mockFetch({ "POST /api/x": { body: {} } });
    await api.post("/api/x", { a: 1 });
    expect(calls[0].headers["X-CSRFToken"]).toBe("config-token");
  });
});

describe("requests", () => {
  it("send JSON with same-origin credentials and parse the JSON answer", async () => {
    const { fetch, calls } = mockFetch({ "POST /api/x": { status: 201, body: { message: "made" } } });
    await expect(api.post("/api/x", { email: "a@b.edu" })).resolves.toEqual({ message: "made" });
    expect(calls[0].body).toEqual({ email: "a@b.edu" });
    expect(calls[0].headers["Content-Type"]).toBe("application/json");
    expect(fetch.mock.calls[0][1]).toMatchObject({ credentials: "same-origin", method: "POST" });
  });

  it("build the query string, leaving out empty values", async () => {
    const { calls } = mockFetch({ "GET /api/list": { body: [] } });
    await api.get("/api/list", { page: 2, filters: '{"a":1}', empty: "", none: null, missing: undefined });
    expect(calls[0].url).toBe("/api/list?page=2&filters=%7B%22a%22%3A1%7D");
  });

  it("resolve to undefined on 204 and on an empty body", async () => {
    mockFetch({ "DELETE /api/x": { status: 204 }, "POST /api/y": { status: 200 } });
    await expect(api.delete("/api/x")).resolves.toBeUndefined();
    await expect(api.post("/api/y")).resolves.toBeUndefined();
  });

  it("send an upload as multipart FormData without a JSON content type", async () => {
    const { fetch, calls } = mockFetch({ "POST /api/upload": { body: { ok: true } } });
    const form = new FormData();
    form.set("resume", new Blob(["%PDF"]), "r.pdf");
    await api.upload("/api/upload", form);
    expect(fetch.mock.calls[0][1]?.body).toBe(form);
    expect(calls[0].headers).not.toHaveProperty("Content-Type");
    expect(calls[0].headers["X-CSRFToken"]).toBe("cookie-token");
  });

  it("return the raw Response for downloads", async () => {
    mockFetch({ "GET /api/file": { body: "a,b" } });
    const response = await request<Response>("/api/file", { raw: true });
    expect(response).toBeInstanceOf(Response);
    await expect(response.text()).resolves.toBe("a,b");
  });
});

describe("on a 401", () => {
  it("refreshes the session once, then retries the request once", async () => {
    const { apiCalls } = mockFetch({
      "GET /api/me": [{ status: 401, body: { message: "Not signed in." } }, { body: { email: "a@b.edu" } }],
      "POST /api/auth/token/refresh": { body: {} },
    });
    await expect(api.get("/api/me")).resolves.toEqual({ email: "a@b.edu" });
    expect(apiCalls().map((c) => `${c.method} ${c.path}`)).toEqual([
      "GET /api/me",
      "POST /api/auth/token/refresh",
      "GET /api/me",
    ]);
  });

  it("retries with the same method, body and CSRF header", async () => {
    const { calls } = mockFetch({
      "POST /api/save": [{ status: 401, body: {} }, { body: { ok: true } }],
      "POST /api/auth/token/refresh": { body: {} },
    });
    await api.post("/api/save", { first: "Ada" });
    expect(calls[2]).toMatchObject({ method: "POST", body: { first: "Ada" } });
    expect(calls[2].headers["X-CSRFToken"]).toBe("cookie-token");
    expect(calls[1].headers["X-CSRFToken"]).toBe("cookie-token");
  });

  it("passes the retry's error on when the retry fails too, without a second refresh", async () => {
    const { apiCalls } = mockFetch({
      "GET /api/me": { status: 401, body: { message: "Not signed in." } },
      "POST /api/auth/token/refresh": { body: {} },
    });
    const error = await api.get("/api/me").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: "Not signed in." });
    expect(apiCalls()).toHaveLength(3);
  });

  it("does not retry when the refresh fails, and passes the first error on", async () => {
    const { apiCalls } = mockFetch({
      "GET /api/me": { status: 401, body: { message: "Not signed in." } },
      "POST /api/auth/token/refresh": { status: 401, body: { message: "Session expired." } },
    });
    await expect(api.get("/api/me")).rejects.toMatchObject({ status: 401, message: "Not signed in." });
    expect(apiCalls().map((c) => c.path)).toEqual(["/api/me", "/api/auth/token/refresh"]);
  });

  it("never refreshes for the refresh call itself", async () => {
    const { apiCalls } = mockFetch({ "POST /api/auth/token/refresh": { status: 401, body: {} } });
    await expect(api.post("/api/auth/token/refresh")).rejects.toBeInstanceOf(ApiError);
    expect(apiCalls()).toHaveLength(1);
  });

  it("does not refresh for other failures", async () => {
    const { apiCalls } = mockFetch({ "GET /api/x": { status: 403, body: { message: "Admins only." } } });
    await expect(api.get("/api/x")).rejects.toMatchObject({ status: 403 });
    expect(apiCalls()).toHaveLength(1);
  });
});

describe("error bodies", () => {
  it("become an ApiError with the status, the message and the field errors", async () => {
    mockFetch({
      "POST /api/application": {
        status: 400,
        body: { message: "Please fix the highlighted fields.", errors: { first: ["Required."], q1: ["Too long.", "x"] } },
      },
    });
    const error = (await api.post("/api/application", {}).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.message).toBe("Please fix the highlighted fields.");
    expect(error.body.errors).toEqual({ first: ["Required."], q1: ["Too long.", "x"] });
    expect(fieldErrors(error)).toEqual({ first: "Required.", q1: "Too long." });
  });

  it("without a message get a generic one naming the status", async () => {
    mockFetch({ "GET /api/x": { status: 409, body: {} } });
    await expect(api.get("/api/x")).rejects.toMatchObject({ status: 409, message: "Request failed (409)" });
  });

  it("that are not JSON still become an ApiError", async () => {
    mockFetch({ "GET /api/x": { status: 502, body: "<html>Bad gateway</html>" } });
    await expect(api.get("/api/x")).rejects.toMatchObject({ status: 502, message: "Request failed (502)" });
  });

  it("fieldErrors is empty for anything but an ApiError with field errors", () => {
    expect(fieldErrors(new Error("x"))).toEqual({});
    expect(fieldErrors(new ApiError(400, { message: "x" }))).toEqual({});
  });
});
