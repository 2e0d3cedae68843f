import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { organizerApi, type ApplicationPage } from "../../api/organizer";
import { ApiError } from "../../lib/api";
import { ApplicationsTable, EMPTY_FILTERS, activeFilters, canGoBack, canGoForward, pageText } from "./applications-table";

// The machine running the suite is shared; user-event journeys can take a few seconds there.
vi.setConfig({ testTimeout: 20_000 });

const STATUSES = [
  { value: "submitted", label: "Submitted" },
  { value: "accepted", label: "Accepted" },
];

function pageOf(page: number, pages: number, total: number, emails: string[]): ApplicationPage {
  return {
    page,
    pages,
    total,
    next: page < pages ? `after-${page}` : null,
    previous: page > 1 ? `before-${page}` : null,
    applications: emails.map((email) => ({
      email,
      first: "Ada",
      last: "Lovelace",
      school: "Princeton University",
      teamcode: null,
      status: "submitted",
      submitted_at: "2026-01-15T14:30:00Z",
    })),
  };
}

describe("table logic", () => {
  it("sends only the filters that hold something, trimmed", () => {
    expect(activeFilters(EMPTY_FILTERS)).toEqual({});
    expect(activeFilters({ ...EMPTY_FILTERS, first: "  Ada ", status: "accepted", teamcode: " " })).toEqual({
      first: "Ada",
      status: "accepted",
    });
  });

  it("reads 'Page X of Y (Total: N)', an empty result as page 1 of 1", () => {
    expect(pageText(2, 5, 93)).toBe("Page 2 of 5 (Total: 93)");
    expect(pageText(1, 0, 0)).toBe("Page 1 of 1 (Total: 0)");
  });

  it("allows Previous after page 1 and Next before the last page", () => {
    expect(canGoBack(1)).toBe(false);
    expect(canGoBack(2)).toBe(true);
    expect(canGoForward(1, 1)).toBe(false);
    expect(canGoForward(1, 2)).toBe(true);
    expect(canGoForward(2, 2)).toBe(false);
  });
});

describe("ApplicationsTable", () => {
  let list: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    list = vi.spyOn(organizerApi, "list");
  });
  afterEach(() => vi.restoreAllMocks());

  it("shows the rows with a View User link per row and the page text", async () => {
    list.mockResolvedValue(pageOf(1, 3, 45, ["ada@princeton.edu"]));
    render(<ApplicationsTable perPage={20} statuses={STATUSES} debounceMs={0} />);
    expect(await screen.findByText("ada@princeton.edu")).toBeInTheDocument();
    for (const name of ["Email", "First", "Last", "University", "Team code", "Status"])
      expect(screen.getByRole("columnheader", { name })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "View User ada@princeton.edu" })).toHaveAttribute(
      "href",
      "/admin/users/ada%40princeton.edu",
    );
    expect(screen.getByText("Page 1 of 3 (Total: 45)")).toBeInTheDocument();
    expect(list).toHaveBeenCalledWith(1, 20, {});
  });

  it("pages forward and back with Next and Previous", async () => {
    list.mockImplementation(async (page: number) => pageOf(page, 2, 25, [`p${page}@princeton.edu`]));
    const user = userEvent.setup();
    render(<ApplicationsTable perPage={20} statuses={STATUSES} debounceMs={0} />);
    await screen.findByText("p1@princeton.edu");
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("p2@princeton.edu")).toBeInTheDocument();
    expect(screen.getByText("Page 2 of 2 (Total: 25)")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Previous" }));
    expect(await screen.findByText("p1@princeton.edu")).toBeInTheDocument();
  });

  it("debounces typing into one request and restarts at page 1", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      list.mockImplementation(async (page: number) => pageOf(page, 3, 60, [`p${page}@princeton.edu`]));
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      render(<ApplicationsTable perPage={20} statuses={STATUSES} debounceMs={300} />);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(350);
      });
      await screen.findByText("p1@princeton.edu");
      await user.click(screen.getByRole("button", { name: "Next" }));
      await screen.findByText("p2@princeton.edu");
      list.mockClear();
      await user.type(screen.getByLabelText("First name"), "Grace");
      await user.selectOptions(screen.getByLabelText("Status"), "accepted");
      await act(async () => {
        await vi.advanceTimersByTimeAsync(350);
      });
      await waitFor(() => expect(list).toHaveBeenCalledWith(1, 20, { first: "Grace", status: "accepted" }));
      expect(list).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("has a labelled input for each of the six filters", async () => {
    list.mockResolvedValue(pageOf(1, 1, 0, []));
    render(<ApplicationsTable perPage={20} statuses={STATUSES} debounceMs={0} />);
    for (const label of ["First name", "Last name", "Email", "School", "Status", "Team code"])
      expect(screen.getByLabelText(label)).toBeInTheDocument();
  });

  it("prefills filters from the address and sends them at once", async () => {
    list.mockResolvedValue(pageOf(1, 1, 0, []));
    render(<ApplicationsTable perPage={20} statuses={STATUSES} debounceMs={0} initialFilters={{ school: "Yale" }} />);
    await waitFor(() => expect(list).toHaveBeenCalledWith(1, 20, { school: "Yale" }));
    expect(screen.getByLabelText("School")).toHaveValue("Yale");
  });

  it("shows an empty state when nothing matches", async () => {
    list.mockResolvedValue(pageOf(1, 0, 0, []));
    render(<ApplicationsTable perPage={20} statuses={STATUSES} debounceMs={0} initialFilters={{ first: "Nobody" }} />);
    expect(await screen.findByText("No applications match these filters.")).toBeInTheDocument();
    expect(screen.getByText("Page 1 of 1 (Total: 0)")).toBeInTheDocument();
  });

  it("shows an error with a way to try again", async () => {
    list.mockRejectedValueOnce(new ApiError(500, {})).mockResolvedValue(pageOf(1, 1, 1, ["ok@princeton.edu"]));
    const user = userEvent.setup();
    render(<ApplicationsTable perPage={20} statuses={STATUSES} debounceMs={0} />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Error fetching applications");
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("ok@princeton.edu")).toBeInTheDocument();
  });
});
