// Every answer of scan/check-in (docs/api/checkin.md) → one outcome → one card, and which
// failures the queue retries.
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api";
import { isNewCode, cameraErrorMessage, CAMERA_MESSAGES, SAME_CODE_QUIET_MS } from "./camera";
import { listText } from "./result-card";
import { hasFrame } from "./camera-scanner";
import { ADA } from "./test-fixtures";
import { cardView, isTransient, looksLikeTicket, outcomeOfError, outcomeOfResult, type Outcome, hitView } from "./outcome";
import { clockTime, zonedClockTime } from "../../lib/time";


const refusal = (status: number, body: object) => new ApiError(status, body);

describe("outcomeOfError", () => {
  it.each<[string, ApiError, Outcome["kind"]]>([
    ["already checked in", refusal(409, { message: "Already checked in at 10:42 by sam@princeton.edu.", result: "already_checked_in", person: ADA }), "already"],
    ["not confirmed", refusal(409, { message: "Not confirmed: on the waitlist.", result: "not_confirmed" }), "refused"],
    ["another event", refusal(409, { message: "This ticket is for another event.", result: "other_event" }), "refused"],
    ["a replaced ticket", refusal(409, { message: "This ticket was replaced by a newer one.", result: "replaced", person: ADA }), "replaced"],
    ["a forged ticket", refusal(400, { message: "This isn't a valid ticket.", result: "invalid", errors: { token: ["x"] } }), "invalid"],
    ["a token error without a result code", refusal(400, { message: "This isn't a valid ticket.", errors: { token: ["x"] } }), "invalid"],
    ["a volunteer whose role was taken away", refusal(403, { message: "Only organizers and volunteers can do this." }), "error"],
    ["an unknown application", refusal(404, { message: "No such application." }), "error"],
  ])("%s → %s", (_case, error, kind) => {
    const outcome = outcomeOfError(error);
    expect(outcome.kind).toBe(kind);
    if ("message" in outcome) expect(outcome.message).toBe(error.body.message);
  });

  it("keeps the person the refusal names, and says something when the server said nothing", () => {
    expect(outcomeOfError(refusal(409, { message: "m", result: "already_checked_in", person: ADA }))).toMatchObject({ person: ADA });
    expect(outcomeOfError(refusal(409, { message: "m", result: "not_confirmed" }))).toMatchObject({ person: null });
    expect(outcomeOfError(new Error("boom"))).toEqual({ kind: "error", message: "Something went wrong. Try again." });
    expect(outcomeOfError(refusal(418, {}))).toEqual({ kind: "error", message: "Request failed (418)" });
  });
});

describe("isTransient: what the queue retries", () => {
  it.each<[string, unknown, boolean]>([
    ["no connection (fetch's TypeError)", new TypeError("Failed to fetch"), true],
    ["a 500", refusal(500, {}), true],
    ["a 502 from the proxy", refusal(502, {}), true],
    ["a 503 during an outage", refusal(503, {}), true],
    ["a 429 rate limit", refusal(429, {}), true],
    ["a 408 timeout", refusal(408, {}), true],
    ["a 409 refusal", refusal(409, { result: "already_checked_in" }), false],
    ["a 400 invalid ticket", refusal(400, { result: "invalid" }), false],
    ["a 403", refusal(403, {}), false],
    ["a 404", refusal(404, {}), false],
  ])("%s → %s", (_case, error, transient) => {
    expect(isTransient(error)).toBe(transient);
  });
});

describe("cardView", () => {
  it.each<[Outcome, string, string, string | null]>([
    [outcomeOfResult({ result: "checked_in", person: ADA }), "ok", "Checked in", null],
    [{ kind: "already", message: "Already checked in at 10:42 by sam@princeton.edu.", person: ADA }, "warn", "Already checked in", "Already checked in at 10:42 by sam@princeton.edu."],
    [{ kind: "refused", message: "Not confirmed: on the waitlist.", person: null }, "err", "Not checked in", "Not confirmed: on the waitlist."],
    [{ kind: "replaced", message: "This ticket was replaced by a newer one.", person: ADA }, "err", "Old ticket", "This ticket was replaced by a newer one."],
    [{ kind: "invalid", message: "This isn't a valid ticket." }, "err", "Not a valid ticket", "This isn't a valid ticket."],
    [{ kind: "queued", label: "Ticket …ab12" }, "info", "Saved offline", "Ticket …ab12: it will be checked in when the connection is back."],
    [{ kind: "error", message: "Only organizers and volunteers can do this." }, "err", "Not checked in", "Only organizers and volunteers can do this."],
  ])("%o → %s %s", (outcome, tone, title, detail) => {
    expect(cardView(outcome)).toMatchObject({ tone, title, detail });
  });
});

describe("looksLikeTicket", () => {
  it.each<[string, boolean]>([
    ["Xy3_AbCdEfGhIjKlMnOp-q.1.k2VabcdEFGH_ij-kl", true],
    ["  Xy3_AbCdEfGhIjKlMnOp-q.12.k2VabcdEFGH  ", true],
    ["https://example.org/ticket", false],
    ["WIFI:S:venue;T:WPA;P:secret;;", false],
    ["ada@princeton.edu", false],
    ["Xy3_AbCdEfGhIjKlMnOp-q.x.k2VabcdEFGH", false],
    ["Xy3_AbCdEfGhIjKlMnOp-q.1", false],
    ["", false],
  ])("%j → %s", (text, ok) => {
    expect(looksLikeTicket(text)).toBe(ok);
  });
});

describe("the camera's rules", () => {
  const T = 1_000_000;
  it.each<[string, { text: string; seenAt: number } | null, string, number, boolean]>([
    ["the first code", null, "a", T, true],
    ["a different code at once", { text: "a", seenAt: T }, "b", T + 1, true],
    ["the same code still in view", { text: "a", seenAt: T }, "a", T + 200, false],
    ["the same code just under the quiet time", { text: "a", seenAt: T }, "a", T + SAME_CODE_QUIET_MS - 1, false],
    ["the same code after the quiet time", { text: "a", seenAt: T }, "a", T + SAME_CODE_QUIET_MS, true],
    ["a blank decode", null, "  ", T, false],
  ])("%s → new scan = %s", (_case, last, text, now, fresh) => {
    expect(isNewCode(last, text, now)).toBe(fresh);
  });

  it.each<[string, string]>([
    ["NotAllowedError", CAMERA_MESSAGES.denied],
    ["SecurityError", CAMERA_MESSAGES.denied],
    ["NotFoundError", CAMERA_MESSAGES.missing],
    ["OverconstrainedError", CAMERA_MESSAGES.missing],
    ["NotReadableError", CAMERA_MESSAGES.busy],
    ["TypeError", CAMERA_MESSAGES.failed],
  ])("%s → its message", (name, message) => {
    expect(cameraErrorMessage({ name })).toBe(message);
  });
  it("says something for a failure with no name", () => {
    expect(cameraErrorMessage("weird")).toBe(CAMERA_MESSAGES.failed);
  });
});

describe("zonedClockTime", () => {
  it.each([
    ["UTC", "10:42 UTC"],
    ["America/New_York", "05:42 EST"],
    ["Europe/Berlin", "11:42 GMT+1"],
  ])("names the event's zone %s: %s", (zone, text) => {
    expect(zonedClockTime("2026-11-24T10:42:05Z", zone)).toBe(text);
  });

  it("writes the time in the event's zone whatever the device's, and nothing for no time", () => {
    expect(hitView({ door: "checked_in", status: null, reason: null, checked_in_at: "2026-11-24T10:42:05-05:00" }, "America/New_York").badge).toBe(
      "In at 10:42 EST",
    );
    expect(zonedClockTime(null, "UTC")).toBe("");
    expect(zonedClockTime("2026-11-24T10:42:05Z", "Not/AZone")).toMatch(/^\d\d:\d\d$/);
  });
});

describe("clockTime", () => {
  it("shows hours and minutes in the given zone, and nothing for no time", () => {
    expect(clockTime("2026-11-24T10:42:05Z", "UTC")).toBe("10:42");
    expect(clockTime("2026-11-24T10:42:05Z", "America/New_York")).toBe("05:42");
    expect(clockTime(null)).toBe("");
    expect(clockTime("not a date")).toBe("");
  });
});

describe("listText", () => {
  it.each([
    ["Vegan,Nut allergy", "Vegan, Nut allergy"],
    ["Vegan, Nut allergy", "Vegan, Nut allergy"],
    ["Kosher", "Kosher"],
    [" , ", ""],
    ["", ""],
  ])("%j reads %j", (value, text) => {
    expect(listText(value)).toBe(text);
  });
});

describe("hasFrame", () => {
  it.each([
    [0, 0, false],
    [640, 0, false],
    [0, 480, false],
    [640, 480, true],
  ])("a %ix%i video has a frame: %s", (videoWidth, videoHeight, expected) => {
    expect(hasFrame({ videoWidth, videoHeight })).toBe(expected);
  });
});

describe("hitView: a search result at the door", () => {
  const at = "2026-11-24T10:42:05Z";
  it.each([
    [
      "confirmed: the one with a Check in button",
      { door: "confirmed", status: null, reason: null, checked_in_at: null },
      { canCheckIn: true, badge: null, tone: "muted", reason: null },
    ],
    [
      "checked in: when, and who did it, no button",
      { door: "checked_in", status: null, reason: "Already checked in at 10:42 UTC by sam@princeton.edu.", checked_in_at: at },
      { canCheckIn: false, badge: "In at 10:42 UTC", tone: "ok", reason: "Already checked in at 10:42 UTC by sam@princeton.edu." },
    ],
    [
      "not confirmed (a volunteer's view): the badge says it all, no button",
      { door: "not_confirmed", status: null, reason: "Not confirmed.", checked_in_at: null },
      { canCheckIn: false, badge: "Not confirmed", tone: "warn", reason: null },
    ],
    [
      "not confirmed (an organizer's view): the server's fuller reason",
      { door: "not_confirmed", status: "waitlisted", reason: "Not confirmed: on the waitlist.", checked_in_at: null },
      { canCheckIn: false, badge: "Not confirmed", tone: "warn", reason: "Not confirmed: on the waitlist." },
    ],
    [
      "not confirmed without a reason still says so",
      { door: "not_confirmed", status: null, reason: null, checked_in_at: null },
      { canCheckIn: false, badge: "Not confirmed", tone: "warn", reason: null },
    ],
  ] as const)("%s", (_name, hit, expected) => {
    expect(hitView(hit, "UTC")).toEqual(expected);
  });
});
