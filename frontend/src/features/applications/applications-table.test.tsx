import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { organizerApi, type ApplicationPage, type TableQuery } from "../../api/organizer";
import { ApiError } from "../../lib/api";
import { ApplicationsTable } from "./applications-table";
import { renderWithQuery } from "../../lib/test-utils";

const STATUSES = [
  { value: "submitted", label: "Submitted" },
  { value: "accepted", label: "Accepted" },
];
const DECISIONS = [
  { value: "accepted", label: "Accepted" },
  { value: "rejected", label: "Rejected" },
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
      score: null,
      reviews: 0,
    })),
  };
}

const query = (over: Partial<TableQuery> = {}): TableQuery => ({
  page: 1,
  perPage: 20,
  filters: {},
  sort: "email",
  after: undefined,
  before: undefined,
  ...over,
});

function table(props: Partial<Parameters<typeof ApplicationsTable>[0]> = {}) {
  return renderWithQuery(<ApplicationsTable perPage={20} statuses={STATUSES} decisions={DECISIONS} debounceMs={0} {...props} />);
}

describe("ApplicationsTable", () => {
  let list: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    window.history.replaceState(null, "", "/admin/users");
    list = vi.spyOn(organizerApi, "list");
    vi.spyOn(organizerApi, "admins").mockResolvedValue(["grace@princeton.edu", "alan@princeton.edu"]);
  });
  afterEach(() => vi.restoreAllMocks());

  it("shows the rows with a View User link per row, the submission time and the page text", async () => {
    list.mockResolvedValue(pageOf(1, 3, 45, ["ada@princeton.edu"]));
    table();
    expect(await screen.findByText("ada@princeton.edu")).toBeInTheDocument();
    for (const name of ["Email", "First", "Last", "University", "Team code", "Status", "Submitted"])
      expect(screen.getByRole("columnheader", { name })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "View User ada@princeton.edu" })).toHaveAttribute(
      "href",
      "/admin/users/ada%40princeton.edu",
    );
    expect(screen.getByRole("cell", { name: /Jan 15, 2026/ }).querySelector("time")).toHaveAttribute(
      "datetime",
      "2026-01-15T14:30:00Z",
    );
    expect(screen.getByText("Page 1 of 3 (Total: 45)")).toBeInTheDocument();
    expect(list).toHaveBeenCalledWith(query());
  });

  it("pages with the server's cursors and keeps the page in the address", async () => {
    list.mockImplementation(async ({ page }: TableQuery) => pageOf(page, 3, 45, [`p${page}@princeton.edu`]));
    const user = userEvent.setup();
    table();
    await screen.findByText("p1@princeton.edu");
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "First page" })).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("p2@princeton.edu")).toBeInTheDocument();
    expect(list).toHaveBeenLastCalledWith(query({ page: 2, after: "after-1" }));
    expect(window.location.search).toBe("?page=2");

    await user.click(screen.getByRole("button", { name: "Last page" }));
    expect(await screen.findByText("p3@princeton.edu")).toBeInTheDocument();
    expect(list).toHaveBeenLastCalledWith(query({ page: 3 }));
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Previous" }));
    await screen.findByText("p2@princeton.edu");
    expect(list).toHaveBeenLastCalledWith(query({ page: 2, before: "before-3" }));

    await user.click(screen.getByRole("button", { name: "First page" }));
    await screen.findByText("p1@princeton.edu");
    expect(list).toHaveBeenLastCalledWith(query({ page: 1 }));
    expect(window.location.search).toBe("");
  });

  it("sorts by a column's header, shows it with aria-sort and puts it in the address", async () => {
    list.mockImplementation(async ({ page }: TableQuery) => pageOf(page, 3, 45, [`p${page}@princeton.edu`]));
    const user = userEvent.setup();
    table();
    await screen.findByText("p1@princeton.edu");
    expect(screen.getByRole("columnheader", { name: "Email" })).toHaveAttribute("aria-sort", "ascending");
    expect(screen.getByRole("columnheader", { name: "Submitted" })).toHaveAttribute("aria-sort", "none");

    await user.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByText("p2@princeton.edu");
    // Sorting starts again at page 1, newest submissions first.
    await user.click(screen.getByRole("button", { name: "Submitted" }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(query({ sort: "-submitted_at" })));
    expect(screen.getByRole("columnheader", { name: "Submitted" })).toHaveAttribute("aria-sort", "descending");
    expect(window.location.search).toBe("?sort=-submitted_at");

    // The keyboard works the header's button too.
    screen.getByRole("button", { name: "Submitted" }).focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(query({ sort: "submitted_at" })));
    expect(screen.getByRole("columnheader", { name: "Submitted" })).toHaveAttribute("aria-sort", "ascending");
  });

  it("reads filters, sort and page from the address and goes Back through its own history", async () => {
    window.history.replaceState(null, "", "/admin/users?school=Yale&sort=-last&page=2");
    list.mockImplementation(async ({ page }: TableQuery) => pageOf(page, 4, 70, [`p${page}@yale.edu`]));
    const user = userEvent.setup();
    table();
    await screen.findByText("p2@yale.edu");
    expect(list).toHaveBeenCalledWith(query({ page: 2, filters: { school: "Yale" }, sort: "-last" }));
    expect(screen.getByLabelText("School")).toHaveValue("Yale");
    expect(screen.getByRole("columnheader", { name: "Last" })).toHaveAttribute("aria-sort", "descending");

    await user.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByText("p3@yale.edu");
    expect(window.location.search).toBe("?school=Yale&sort=-last&page=3");

    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener("popstate", resolve, { once: true }));
    });
    await screen.findByText("p2@yale.edu");
    expect(screen.getByText("Page 2 of 4 (Total: 70)")).toBeInTheDocument();
    expect(screen.getByLabelText("School")).toHaveValue("Yale");
  });

  it("shows the server's first page without a request when it answers the same address", async () => {
    window.history.replaceState(null, "", "/admin/users?first=Ada&page=2");
    table({
      initialState: { filters: { first: "Ada" }, sort: "email", page: 2 },
      initialPage: pageOf(2, 2, 21, ["server@princeton.edu"]),
    });
    expect(screen.getByText("server@princeton.edu")).toBeInTheDocument();
    expect(list).not.toHaveBeenCalled();
  });

  it("asks again when the server's page answers another address", async () => {
    window.history.replaceState(null, "", "/admin/users?first=Ada&page=2");
    list.mockResolvedValue(pageOf(2, 2, 21, ["fresh@princeton.edu"]));
    table({
      initialState: { filters: { first: "Ada" }, sort: "email", page: 1 },
      initialPage: pageOf(1, 2, 21, ["server@princeton.edu"]),
    });
    expect(await screen.findByText("fresh@princeton.edu")).toBeInTheDocument();
  });

  it("goes to the last page when the address points past the end", async () => {
    window.history.replaceState(null, "", "/admin/users?page=9");
    list.mockImplementation(async ({ page }: TableQuery) =>
      page === 9 ? pageOf(9, 3, 45, []) : pageOf(page, 3, 45, ["last@x.edu"]),
    );
    table();
    expect(await screen.findByText("last@x.edu")).toBeInTheDocument();
    expect(window.location.search).toBe("?page=3");
  });

  it("debounces typing into one request, restarts at page 1 and keeps the filters in the address", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      list.mockImplementation(async ({ page }: TableQuery) => pageOf(page, 3, 60, [`p${page}@princeton.edu`]));
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      table({ debounceMs: 300 });
      await screen.findByText("p1@princeton.edu");
      await user.click(screen.getByRole("button", { name: "Next" }));
      await screen.findByText("p2@princeton.edu");
      list.mockClear();
      await user.type(screen.getByLabelText("First name"), "Grace");
      await user.selectOptions(screen.getByLabelText("Status"), "accepted");
      await act(async () => {
        await vi.advanceTimersByTimeAsync(350);
      });
      await waitFor(() =>
        expect(list).toHaveBeenCalledWith(query({ filters: { first: "Grace", status: "accepted" } })),
      );
      expect(list).toHaveBeenCalledTimes(1);
      expect(window.location.search).toBe("?first=Grace&status=accepted");
    } finally {
      vi.useRealTimers();
    }
  });

  it("has a labelled input for each of the six filters and the sort", async () => {
    list.mockResolvedValue(pageOf(1, 1, 0, []));
    table();
    for (const label of ["First name", "Last name", "Email", "School", "Status", "Team code", "Sort by"])
      expect(screen.getByLabelText(label)).toBeInTheDocument();
  });

  it("shows an empty state when nothing matches", async () => {
    window.history.replaceState(null, "", "/admin/users?first=Nobody");
    list.mockResolvedValue(pageOf(1, 0, 0, []));
    table();
    expect(await screen.findByText("No applications match these filters.")).toBeInTheDocument();
    expect(screen.getByText("Page 1 of 1 (Total: 0)")).toBeInTheDocument();
  });

  it("shows an error with a way to try again", async () => {
    list.mockRejectedValueOnce(new ApiError(500, {})).mockResolvedValue(pageOf(1, 1, 1, ["ok@princeton.edu"]));
    const user = userEvent.setup();
    table();
    expect(await screen.findByText("Error fetching applications")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("ok@princeton.edu")).toBeInTheDocument();
  });

  it("names a filter the server refused, marks it, and offers clearing the filters", async () => {
    window.history.replaceState(null, "", "/admin/users?reviews_min=-3");
    list
      .mockRejectedValueOnce(
        new ApiError(400, {
          message: "Invalid filter 'reviews_min': Ensure this value is greater than or equal to 0.",
          errors: { reviews_min: ["Ensure this value is greater than or equal to 0."] },
        }),
      )
      .mockResolvedValue(pageOf(1, 1, 1, ["ok@princeton.edu"]));
    const user = userEvent.setup();
    table();
    expect(await screen.findByRole("alert")).toHaveTextContent("Min reviews: Ensure this value is greater than or equal to 0.");
    const field = screen.getByLabelText("Min reviews");
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field).toHaveAccessibleDescription("Min reviews: Ensure this value is greater than or equal to 0.");
    expect(screen.queryByRole("button", { name: "Try again" })).not.toBeInTheDocument();
    await user.click(screen.getAllByRole("button", { name: "Clear filters" }).at(-1)!);
    expect(await screen.findByText("ok@princeton.edu")).toBeInTheDocument();
    expect(screen.getByLabelText("Min reviews")).not.toHaveAttribute("aria-invalid");
  });

  it("takes digits only in a number's filter", async () => {
    list.mockResolvedValue(pageOf(1, 1, 0, []));
    const user = userEvent.setup();
    table();
    await user.type(screen.getByLabelText("Min reviews"), "-3x");
    expect(screen.getByLabelText("Min reviews")).toHaveValue("3");
    await user.type(screen.getByLabelText("Team code"), "12-34");
    expect(screen.getByLabelText("Team code")).toHaveValue("1234");
  });
});

describe("selecting rows", () => {
  const emails = ["a@x.edu", "b@x.edu", "c@x.edu"];
  let list: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    window.history.replaceState(null, "", "/admin/users");
    list = vi.spyOn(organizerApi, "list").mockImplementation(async ({ page }: TableQuery) =>
      pageOf(page, 2, 6, page === 1 ? emails : ["d@x.edu", "e@x.edu", "f@x.edu"]),
    );
    vi.spyOn(organizerApi, "admins").mockResolvedValue(["grace@princeton.edu", "alan@princeton.edu"]);
  });
  afterEach(() => vi.restoreAllMocks());

  it("selects rows by their labelled boxes, all on a page, and keeps them across pages", async () => {
    const user = userEvent.setup();
    table();
    await screen.findByText("a@x.edu");
    const all = screen.getByRole("checkbox", { name: "Select all on this page" });
    await user.click(screen.getByRole("checkbox", { name: "Select b@x.edu" }));
    expect(screen.getByText("1 application selected")).toBeInTheDocument();
    expect(all).toHaveProperty("indeterminate", true);

    await user.click(all);
    expect(screen.getByText("3 applications selected")).toBeInTheDocument();
    expect(all).toBeChecked();

    await user.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByText("d@x.edu");
    expect(screen.getByRole("checkbox", { name: "Select all on this page" })).not.toBeChecked();
    await user.click(screen.getByRole("checkbox", { name: "Select e@x.edu" }));
    expect(screen.getByText("4 applications selected")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Clear selection" }));
    expect(screen.getByText("0 applications selected")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Decide 0 selected" })).toBeDisabled();
  });

  it("decides the selection in one batch call, shows the results and reloads the page", async () => {
    const batch = vi
      .spyOn(organizerApi, "batchStatus")
      .mockResolvedValue({
        approved: ["a@x.edu"],
        failed: [{ email: "c@x.edu", reason: "Not submitted yet." }],
        skipped: [],
        emailed: 0,
      });
    const user = userEvent.setup();
    table();
    await screen.findByText("a@x.edu");
    await user.click(screen.getByRole("checkbox", { name: "Select c@x.edu" }));
    await user.click(screen.getByRole("checkbox", { name: "Select a@x.edu" }));
    await user.selectOptions(screen.getByLabelText("Decision"), "rejected");
    const calls = list.mock.calls.length;
    await user.click(screen.getByRole("button", { name: "Decide 2 selected" }));

    expect(batch).toHaveBeenCalledWith({ emails: ["a@x.edu", "c@x.edu"], status: "rejected" });
    expect(
      await screen.findByText("Rejected: 1 of 2 applicants decided. 1 applicant not decided: Not submitted yet."),
    ).toBeInTheDocument();
    expect(within(screen.getByRole("list", { name: "Rejected" })).getByText("a@x.edu")).toBeInTheDocument();
    expect(within(screen.getByRole("list", { name: "Failed" })).getByText("Not submitted yet.")).toBeInTheDocument();
    await waitFor(() => expect(list.mock.calls.length).toBe(calls + 1));
    // The one that failed stays selected, to try again.
    expect(screen.getByText("1 application selected")).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Select c@x.edu" })).toBeChecked();
  });

  it("names what it skipped and why, and overrides only after a second confirmation", async () => {
    const skipped = { email: "a@x.edu", reason: "already confirmed" };
    const batch = vi
      .spyOn(organizerApi, "batchStatus")
      .mockResolvedValueOnce({ approved: [], failed: [], skipped: [skipped], emailed: 0 })
      .mockResolvedValueOnce({ approved: ["a@x.edu"], failed: [], skipped: [], emailed: 0 });
    const user = userEvent.setup();
    table();
    await screen.findByText("a@x.edu");
    await user.click(screen.getByRole("checkbox", { name: "Select a@x.edu" }));
    await user.selectOptions(screen.getByLabelText("Decision"), "rejected");
    await user.click(screen.getByRole("button", { name: "Decide 1 selected" }));

    // Not a green "0 of 1 decided" alone: the skipped applicant, the reason, and a way on.
    const summary = await screen.findByText(
      "Rejected: 0 of 1 applicant decided. 1 applicant skipped (1 already confirmed). Override decides it anyway.",
    );
    expect(summary.closest(".alert")).toHaveClass("alert--error");
    const list = screen.getByRole("list", { name: "Skipped" });
    expect(list).toHaveTextContent("a@x.edu");
    expect(list).toHaveTextContent("already confirmed");

    await user.click(screen.getByRole("button", { name: "Override: set the skipped applicant to Rejected" }));
    const dialog = screen.getByRole("alertdialog", { name: "Overwrite an applicant's answer?" });
    expect(dialog).toHaveTextContent("This sets 1 applicant to “Rejected”, overwriting 1 confirmation of attendance.");
    expect(within(dialog).getByRole("list", { name: "Answers to overwrite" })).toHaveTextContent("a@x.edu");
    expect(batch).toHaveBeenCalledTimes(1); // nothing overwritten before the confirmation
    await user.click(within(dialog).getByRole("button", { name: "Override and set 1 applicant to Rejected" }));

    expect(batch).toHaveBeenLastCalledWith({ emails: ["a@x.edu"], status: "rejected", override: true });
    expect(await screen.findByText("Rejected with Override: 1 of 1 applicant decided.")).toBeInTheDocument();
    expect(within(screen.getByRole("list", { name: "Rejected" })).getByText("a@x.edu")).toBeInTheDocument();
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(screen.queryByRole("button", { name: /^Override:/ })).toBeNull();
  });

  it("assigns the selection to a reviewer chosen among the organizers", async () => {
    const assign = vi.spyOn(organizerApi, "assign").mockResolvedValue({ approved: ["a@x.edu", "b@x.edu"], failed: [] });
    const user = userEvent.setup();
    table();
    await screen.findByText("a@x.edu");
    await user.click(screen.getByRole("checkbox", { name: "Select a@x.edu" }));
    await user.click(screen.getByRole("checkbox", { name: "Select b@x.edu" }));
    const button = screen.getByRole("button", { name: "Assign 2 selected" });
    expect(button).toBeDisabled(); // no reviewer yet
    await waitFor(() => expect(screen.getByRole("option", { name: "alan@princeton.edu" })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText("Reviewer"), "alan@princeton.edu");
    await user.click(button);
    expect(assign).toHaveBeenCalledWith("alan@princeton.edu", ["a@x.edu", "b@x.edu"]);
    expect(await screen.findByText("Assigned to alan@princeton.edu: 2 of 2.")).toBeInTheDocument();
    expect(screen.getByText("0 applications selected")).toBeInTheDocument();
  });

  it("says so when the batch call fails, and keeps the selection", async () => {
    const refusal = new ApiError(400, { message: "A batch can hold at most 10,000 addresses." });
    vi.spyOn(organizerApi, "batchStatus").mockRejectedValue(refusal);
    const user = userEvent.setup();
    table();
    await screen.findByText("a@x.edu");
    await user.click(screen.getByRole("checkbox", { name: "Select a@x.edu" }));
    await user.click(screen.getByRole("button", { name: "Decide 1 selected" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("A batch can hold at most 10,000 addresses.");
    expect(screen.getByText("1 application selected")).toBeInTheDocument();
  });

  it("offers all N matching once the page is ticked, shows the count, and decides them by the filters", async () => {
    window.history.replaceState(null, "", "/admin/users?school=yale");
    const batch = vi
      .spyOn(organizerApi, "batchStatus")
      .mockResolvedValue({ approved: ["a@x.edu", "b@x.edu", "c@x.edu", "d@x.edu", "e@x.edu", "f@x.edu"], failed: [], skipped: [], emailed: 0 });
    const user = userEvent.setup();
    table();
    await screen.findByText("a@x.edu");
    expect(screen.queryByRole("button", { name: /matching/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole("checkbox", { name: "Select all on this page" }));
    await user.click(screen.getByRole("button", { name: "Select all 6 matching" }));
    // The count is on screen before anything is done with it.
    expect(screen.getByText("All 6 matching applications selected")).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText("Decision"), "rejected");
    await user.click(screen.getByRole("button", { name: "Decide all 6 matching" }));
    const dialog = screen.getByRole("alertdialog", { name: "Decide all 6 matching applications?" });
    expect(batch).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole("button", { name: "Set 6 to Rejected" }));
    // The filters go, not the page's three addresses: the server decides every matching row.
    expect(batch).toHaveBeenCalledWith({ filters: { school: "yale" }, status: "rejected" });
    expect(await screen.findByText(/Rejected: 6 of 6 applicants decided/)).toBeInTheDocument();
    expect(screen.getByText("0 applications selected")).toBeInTheDocument();
  });

  it("assigns all matching by the filters, and a box cleared by hand leaves that mode", async () => {
    const assign = vi.spyOn(organizerApi, "assignMatching").mockResolvedValue({ approved: ["a@x.edu"], failed: [] });
    const user = userEvent.setup();
    table();
    await screen.findByText("a@x.edu");
    await user.click(screen.getByRole("checkbox", { name: "Select all on this page" }));
    await user.click(screen.getByRole("button", { name: "Select all 6 matching" }));
    await user.click(screen.getByRole("checkbox", { name: "Select b@x.edu" }));
    expect(screen.getByText("2 applications selected")).toBeInTheDocument();
    await user.click(screen.getByRole("checkbox", { name: "Select b@x.edu" }));
    await user.click(screen.getByRole("button", { name: "Select all 6 matching" }));
    await waitFor(() => expect(screen.getByRole("option", { name: "alan@princeton.edu" })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText("Reviewer"), "alan@princeton.edu");
    await user.click(screen.getByRole("button", { name: "Assign all 6 matching" }));
    expect(assign).toHaveBeenCalledWith("alan@princeton.edu", {});
    expect(await screen.findByText("Assigned to alan@princeton.edu: 1 of 6.")).toBeInTheDocument();
  });

  it("opens a row on a click in it, but not on its checkbox or after selecting text", async () => {
    const assignUrl = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, assign: assignUrl });
    const user = userEvent.setup();
    table();
    const cell = await screen.findByText("a@x.edu");
    await user.click(screen.getAllByText("Princeton University")[0]);
    expect(assignUrl).toHaveBeenCalledWith("/admin/users/a%40x.edu");
    assignUrl.mockClear();
    await user.click(screen.getByRole("checkbox", { name: "Select a@x.edu" }));
    expect(assignUrl).not.toHaveBeenCalled();
    vi.spyOn(window, "getSelection").mockReturnValue({ toString: () => "Princeton" } as Selection);
    await user.click(screen.getAllByText("Princeton University")[0]);
    expect(assignUrl).not.toHaveBeenCalled();
    // The real link is the row's first cell, with the whole address in its title.
    expect(cell.closest("a")).toHaveAttribute("title", "a@x.edu");
  });
});
