// The waitlist refill panel: its words (table tests), the switches and the offer days it saves.
import { render as renderBare, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../lib/fetch-mock";
import { QueryProvider } from "../../lib/query";
import { offerDaysValue, refillSummary } from "./state";
import { WaitlistRefillPanel } from "./waitlist-refill-panel";

const render = (ui: ReactElement) => renderBare(ui, { wrapper: ({ children }) => <QueryProvider>{children}</QueryProvider> });

const PREVIEW = {
  enabled: false,
  paused: false,
  idle_reason: "The waitlist refill is off.",
  ranked: true,
  waiting: 3,
  capacity: 10,
  attendance_rate: 1,
  target: 10,
  admitted: 9,
  free: 1,
  next: [
    { application_id: 7, email: "top@yale.edu", name: "Top Person", status: "waitlist_confirmed", team: null, score: 1.5, waitlisted_at: "2025-01-02T10:00:00Z", next: true },
    { application_id: 8, email: "mid@yale.edu", name: "", status: "waitlisted", team: "T1", score: -0.25, waitlisted_at: null, next: false },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("refillSummary", () => {
  it.each([
    [{ enabled: false, paused: false }, "Off"],
    [{ enabled: true, paused: true }, "Paused"],
    [{ enabled: true, paused: false }, "On"],
    [{ enabled: false, paused: true }, "Off"],
  ])("%o reads %s", (switches, state) => {
    expect(refillSummary({ ...PREVIEW, ...switches }).state).toBe(state);
  });

  it("says the arithmetic, or that no capacity is set", () => {
    expect(refillSummary(PREVIEW).arithmetic).toBe(
      "9 people hold a place of 10 (capacity ÷ attendance rate): 1 spot free, 3 waiting.",
    );
    expect(refillSummary({ ...PREVIEW, target: null }).arithmetic).toContain("No capacity is set yet");
  });

  it("names the order: by rank, or by the time waitlisted", () => {
    expect(refillSummary(PREVIEW).order).toContain("best-ranked");
    expect(refillSummary({ ...PREVIEW, ranked: false }).order).toContain("earliest waitlisted");
  });
});

describe("offerDaysValue", () => {
  it.each([
    ["", null, null],
    ["  ", null, null],
    ["3", 3, null],
    ["365", 365, null],
    ["0", null, "Enter a whole number of days from 1 to 365, or leave it empty."],
    ["1.5", null, "Enter a whole number of days from 1 to 365, or leave it empty."],
    ["two", null, "Enter a whole number of days from 1 to 365, or leave it empty."],
  ])("%j → %j", (text, value, error) => {
    expect(offerDaysValue(text)).toEqual({ value, error });
  });
});

describe("WaitlistRefillPanel", () => {
  it("lists who is next and turns the refill on", async () => {
    const server = mockFetch({
      "GET /api/reviews/waitlist-refill": { body: PREVIEW },
      "POST /api/reviews/waitlist-refill": { body: { ...PREVIEW, enabled: true, idle_reason: "", free: 0, admitted: 10 } },
      "GET /api/applications/cycle/offer-settings": { body: { offer_days: null } },
      "GET /api/reviews/capacity": { body: {} },
    });
    render(<WaitlistRefillPanel />);
    expect(await screen.findByRole("heading", { name: /Waitlist refill/ })).toHaveTextContent("Off");
    const rows = screen.getAllByRole("row");
    expect(rows[1]).toHaveTextContent("Top Person");
    expect(rows[1]).toHaveTextContent("Next");
    expect(rows[2]).toHaveTextContent("T1");
    await userEvent.click(screen.getByRole("checkbox", { name: "Refill the waitlist automatically" }));
    await waitFor(() => expect(screen.getByRole("heading", { name: /Waitlist refill/ })).toHaveTextContent("On"));
    expect(server.calls.find((c) => c.method === "POST")?.body).toEqual({ enabled: true });
    expect(screen.getByText(/0 spots free/)).toBeInTheDocument();
  });

  it("saves the days to answer an offer, and refuses a bad number at the field", async () => {
    const server = mockFetch({
      "GET /api/reviews/waitlist-refill": { body: PREVIEW },
      "GET /api/applications/cycle/offer-settings": { body: { offer_days: null } },
      "POST /api/applications/cycle/offer-settings": { body: { offer_days: 3 } },
    });
    render(<WaitlistRefillPanel />);
    const field = await screen.findByLabelText("Days to answer an offer");
    await userEvent.type(field, "0");
    await userEvent.click(screen.getByRole("button", { name: "Save days" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("whole number of days");
    expect(server.calls.filter((c) => c.method === "POST")).toHaveLength(0);
    await userEvent.clear(field);
    await userEvent.type(field, "3");
    await userEvent.click(screen.getByRole("button", { name: "Save days" }));
    await waitFor(() => expect(server.calls.find((c) => c.method === "POST")?.body).toEqual({ offer_days: 3 }));
    expect(await screen.findByText("Saved.")).toBeInTheDocument();
  });
});
