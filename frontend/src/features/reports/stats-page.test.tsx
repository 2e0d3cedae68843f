import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { StatsPage } from "./stats-page";
import { renderWithQuery } from "../../lib/test-utils";

const STATS = {
  total_applications: 12,
  princeton_applications: 5,
  non_princeton_applications: 7,
  total_started: 3,
  princeton_started: 1,
  non_princeton_started: 2,
  princeton_accepted: 2,
  non_princeton_accepted: 4,
  princeton_confirmed: 1,
  non_princeton_confirmed: 3,
  princeton_declined: 0,
  non_princeton_declined: 1,
  princeton_checked_in: 0,
  non_princeton_checked_in: 2,
  total_accepted: 6,
  total_confirmed: 4,
  total_declined: 1,
  total_checked_in: 2,
};

const CARD_FILTERS = {
  total_applications: { selection: "submitted" },
  non_princeton_accepted: { selection: "accepted", host: "false" },
};

const TREND = {
  time_zone: "UTC",
  days: [
    { date: "2026-11-01", submitted: 4, cumulative: 4 },
    { date: "2026-11-02", submitted: 0, cumulative: 4 },
    { date: "2026-11-03", submitted: 8, cumulative: 12 },
  ],
};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

describe("StatsPage", { timeout: 20000 }, () => {
  // The statistics and the downloads answer in order; the trend and the checkpoints' counts,
  // which load beside them, by URL.
  let fetchMock: ReturnType<typeof vi.fn<(url: string, init?: RequestInit) => Promise<Response>>>;
  let trend: ReturnType<typeof vi.fn<(url: string) => Promise<Response>>>;
  let checkpoints: object;
  beforeEach(() => {
    fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>();
    trend = vi.fn<(url: string) => Promise<Response>>(async () => json(TREND));
    checkpoints = { checkpoints: [] };
    vi.stubGlobal("fetch", (url: string, init?: RequestInit) =>
      String(url).includes("/stats/trend")
        ? trend(url)
        : String(url).startsWith("/api/checkin/checkpoints")
          ? Promise.resolve(json(checkpoints))
          : fetchMock(url, init),
    );
    URL.createObjectURL = vi.fn(() => "blob:csv");
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows each counter on a named card and downloads the card's CSV with its filters", async () => {
    fetchMock.mockResolvedValueOnce(json(STATS));
    fetchMock.mockResolvedValueOnce(
      new Response("email\na@x.edu\n", {
        headers: {
          "Content-Type": "text/csv",
          "Content-Disposition": 'attachment; filename="accepted-other-schools-fall-2026.csv"',
        },
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    renderWithQuery(<StatsPage hostSchool="Princeton University" cardFilters={CARD_FILTERS} />);
    const card = await screen.findByRole("button", { name: /^Accepted · Other schools: 4\. Download CSV$/ });
    // Every group has its All schools total beside the host school and the others.
    expect(screen.getAllByRole("button", { name: /Download CSV$/ })).toHaveLength(18);
    expect(screen.getByRole("button", { name: /^Confirmed · All schools: 4\. Download CSV$/ })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Show in table: Accepted · Other schools" })).toHaveAttribute(
      "href",
      "/admin/users?selection=accepted&host=false",
    );
    await userEvent.click(card);
    await waitFor(() => expect(click).toHaveBeenCalled());
    const url = new URL(fetchMock.mock.calls[1][0] as string, "http://x");
    expect(url.pathname).toBe("/api/applications/export");
    // The server's filters for the card, as the table's address has them; the file named after
    // the card, its columns labelled with the question text.
    expect(Object.fromEntries(url.searchParams)).toEqual({
      selection: "accepted",
      host: "false",
      name: "Accepted · Other schools",
      headers: "text",
    });
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe("accepted-other-schools-fall-2026.csv");
    click.mockRestore();
  });

  it("draws the page's own counts in its first render, and the trend below them", async () => {
    renderWithQuery(<StatsPage hostSchool="Princeton University" stats={STATS} />);
    // No spinner for the counts and no request for them: they came with the page.
    const card = screen.getByRole("button", { name: /^Accepted · Other schools: 4\. Download CSV$/ });
    expect(fetchMock).not.toHaveBeenCalled();
    // The trend loads after the page; placed below the cards, its growing moves none of them.
    const trendHeading = screen.getByRole("heading", { name: "Applications over time" });
    expect(card.compareDocumentPosition(trendHeading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect((await screen.findAllByText("Submitted in all")).length).toBeGreaterThan(0);
  });

  it("keeps each card's visible words, in order, inside its accessible name (WCAG 2.5.3)", async () => {
    fetchMock.mockResolvedValueOnce(json(STATS));
    renderWithQuery(<StatsPage hostSchool="Princeton University" />);
    const card = await screen.findByRole("button", { name: /^Accepted · Other schools: 4\. Download CSV$/ });
    // Speech users say what they see; the visible text (the arrow aside) must be part of the name.
    const visible = (card.textContent ?? "").replace("↓", "").replace(/\s+/g, " ").trim();
    expect(visible).toBe("Other schools 4 Download CSV");
    const name = (card.getAttribute("aria-label") ?? "").replace(/[·:.]/g, "").replace(/\s+/g, " ");
    expect(name).toContain(visible);
  });

  it("says 'Error fetching statistics' when the counters fail to load", async () => {
    fetchMock.mockResolvedValue(json({ message: "nope" }, 500));
    renderWithQuery(<StatsPage hostSchool="Princeton University" />);
    expect(await screen.findByText("Error fetching statistics")).toBeInTheDocument();
  });

  it("says 'Error downloading CSV' when the export fails", async () => {
    fetchMock.mockResolvedValueOnce(json(STATS));
    fetchMock.mockResolvedValueOnce(json({ message: "Unknown filter" }, 400));
    renderWithQuery(<StatsPage hostSchool="Princeton University" />);
    await userEvent.click(await screen.findByRole("button", { name: /^Submitted applications · All schools: 12/ }));
    expect(await screen.findByText("Error downloading CSV")).toBeInTheDocument();
  });

  it("lists how many were scanned at each checkpoint", async () => {
    checkpoints = {
      checkpoints: [
        { id: 1, name: "Saturday lunch", kind: "meal", passed: 41 },
        { id: 2, name: "Swag", kind: "swag", passed: 7 },
      ],
    };
    fetchMock.mockResolvedValueOnce(json(STATS));
    renderWithQuery(<StatsPage hostSchool="Princeton University" cardFilters={CARD_FILTERS} />);
    const group = await screen.findByRole("region", { name: "At the event" });
    const table = within(group).getByRole("table");
    expect(within(table).getByRole("row", { name: "Saturday lunch Meal 41" })).toBeInTheDocument();
    expect(within(table).getByRole("row", { name: "Swag Swag 7" })).toBeInTheDocument();
  });

  it("shows applications over time: the total, the busiest day, a chart named by its summary and a table per day", async () => {
    fetchMock.mockResolvedValueOnce(json(STATS));
    renderWithQuery(<StatsPage hostSchool="Princeton University" cardFilters={CARD_FILTERS} />);
    const card = await screen.findByRole("region", { name: "Applications over time" });
    expect(await within(card).findByRole("img", { name: "Applications over time: 12 submitted from Nov 1 to Nov 3, busiest on Nov 3 with 8." })).toBeInTheDocument();
    expect(within(card).getByText("Busiest day").nextElementSibling).toHaveTextContent("Nov 3 (8)");
    const table = within(card).getByRole("table", { name: "Applications submitted per day" });
    expect(within(table).getAllByRole("row")).toHaveLength(4);
    expect(within(table).getByRole("rowheader", { name: "2026-11-02" }).parentElement).toHaveTextContent("2026-11-0204");
    expect(trend).toHaveBeenCalledWith("/api/applications/stats/trend");
  });

  it("says so before the first submission, and offers a retry when the trend fails", async () => {
    fetchMock.mockImplementation(async () => json(STATS));
    trend.mockResolvedValueOnce(json({ time_zone: "UTC", days: [] }));
    const { unmount } = renderWithQuery(<StatsPage hostSchool="Princeton University" />);
    expect(await screen.findByText(/No application has been submitted yet/)).toBeInTheDocument();
    unmount();
    trend.mockImplementation(async () => json({ message: "no" }, 500));
    renderWithQuery(<StatsPage hostSchool="Princeton University" />);
    expect(await screen.findByText("The trend could not be loaded.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
