// The dashboard's ticket: the QR as an image (never inserted markup), the calendar file, and
// re-issuing behind the confirmation dialog; a checked-in ticket says so and can't be re-issued.
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Ticket } from "../../api/checkin";
import { mockFetch } from "../../lib/fetch-mock";
import { QueryProvider } from "../../lib/query";
import { TicketCard, eventDates, hasTicket, qrImageSrc } from "./ticket-card";

afterEach(() => vi.unstubAllGlobals());

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M4 4h7v7H4z"/></svg>';
const TICKET: Ticket = {
  token: "Xy3_AbCdEfGhIjKlMnOp-q.1.k2VabcdEFGH",
  qr_svg: SVG,
  version: 1,
  issued_at: "2026-11-24T09:40:00Z",
  ics_url: "/api/checkin/ticket.ics",
  event: { name: "HackPrinceton", start: "2026-03-07", end: "2026-03-09", location: "Friend Center, Princeton, NJ", time_zone: "America/New_York" },
  checked_in_at: null,
};

function renderCard() {
  render(
    <QueryProvider>
      <TicketCard />
    </QueryProvider>,
  );
}

describe("TicketCard", () => {
  it("shows the QR code, the event and the calendar link", async () => {
    mockFetch({ "GET /api/checkin/ticket": { body: TICKET } });
    renderCard();
    const qr = await screen.findByRole("img", { name: "QR code of your ticket" });
    expect(qr).toHaveAttribute("src", qrImageSrc(SVG));
    expect(qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(screen.getByText("HackPrinceton")).toBeInTheDocument();
    expect(screen.getByText("March 7, 2026 – March 9, 2026")).toBeInTheDocument();
    expect(screen.getByText("Friend Center, Princeton, NJ")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Add to calendar" })).toHaveAttribute("href", "/api/checkin/ticket.ics");
    expect(screen.getByText("Show this code at the door.")).toBeInTheDocument();
  });

  it("re-issues only after the dialog is confirmed, and shows the new ticket", async () => {
    const fresh = { ...TICKET, version: 2, qr_svg: SVG.replace("M4", "M5") };
    const server = mockFetch({
      "GET /api/checkin/ticket": { body: TICKET },
      "POST /api/checkin/ticket/reissue": { status: 201, body: fresh },
    });
    renderCard();
    await userEvent.click(await screen.findByRole("button", { name: "Re-issue ticket" }));
    let dialog = screen.getByRole("alertdialog", { name: "Re-issue your ticket?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Keep this ticket" }));
    expect(server.calls.filter((c) => c.method === "POST")).toEqual([]);

    await userEvent.click(screen.getByRole("button", { name: "Re-issue ticket" }));
    dialog = screen.getByRole("alertdialog", { name: "Re-issue your ticket?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Re-issue ticket" }));
    expect(await screen.findByText(/on its way to your inbox/)).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "QR code of your ticket" })).toHaveAttribute("src", qrImageSrc(fresh.qr_svg));
    expect(screen.getByText(/Ticket version 2/)).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === "POST")).toHaveLength(1);
  });

  it("says when the re-issue was refused", async () => {
    mockFetch({
      "GET /api/checkin/ticket": { body: TICKET },
      "POST /api/checkin/ticket/reissue": { status: 409, body: { message: "You're already checked in: your ticket can't be re-issued." } },
    });
    renderCard();
    await userEvent.click(await screen.findByRole("button", { name: "Re-issue ticket" }));
    await userEvent.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Re-issue ticket" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("You're already checked in");
  });

  it("once checked in, says so and offers no re-issue", async () => {
    mockFetch({ "GET /api/checkin/ticket": { body: { ...TICKET, checked_in_at: "2026-11-24T05:42:05-05:00" } } });
    renderCard();
    // The event's clock, its zone named: a phone set to another zone can't misread it.
    expect(await screen.findByText(/Checked in at 05:42 EST/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Re-issue ticket" })).not.toBeInTheDocument();
    expect(screen.getByText("Used at the door.")).toBeInTheDocument();
  });

  it("shows the server's reason when there is no ticket", async () => {
    mockFetch({
      "GET /api/checkin/ticket": { status: 404, body: { message: "You have no ticket yet: it comes with your confirmation." } },
    });
    renderCard();
    expect(await screen.findByText("You have no ticket yet: it comes with your confirmation.")).toBeInTheDocument();
  });
});

describe("ticket helpers", () => {
  it.each([
    ["confirmed", true],
    ["checked_in", true],
    ["accepted", false],
    ["waitlisted", false],
  ])("%s holds a ticket: %s", (status, holds) => {
    expect(hasTicket(status)).toBe(holds);
  });

  it.each([
    ["2026-03-07", "2026-03-09", "March 7, 2026 – March 9, 2026"],
    ["2026-03-07", "2026-03-07", "March 7, 2026"],
    ["2026-03-07", "", "March 7, 2026"],
    ["", "", ""],
  ])("dates %s to %s read %j", (start, end, text) => {
    expect(eventDates(start, end)).toBe(text);
  });
});
