// The applications table's address <-> state, the request of each page change, and selection.
import { describe, expect, it } from "vitest";
import {
  DEFAULT_STATE,
  EMPTY_FILTERS,
  activeFilters,
  canGoBack,
  canGoForward,
  pageRequest,
  pageSelection,
  pageText,
  parseSort,
  parseTableState,
  sameState,
  serializeTableState,
  sortParam,
  submittedText,
  toggleAllOnPage,
  actionText,
  selectAllOffer,
  selectionText,
  withoutApproved,
  type PageInfo,
  type TableState,
} from "./table-state";

type StateChanges = Partial<Omit<TableState, "filters">> & { filters?: Partial<TableState["filters"]> };

const state = (over: StateChanges = {}): TableState => ({
  ...DEFAULT_STATE,
  ...over,
  filters: { ...EMPTY_FILTERS, ...over.filters },
});

describe("the address → the table's state", () => {
  it.each([
    ["", DEFAULT_STATE],
    ["?", DEFAULT_STATE],
    ["?first=Ada", state({ filters: { first: "Ada" } })],
    ["first=Ada", state({ filters: { first: "Ada" } })],
    ["?school=Yale+University&status=accepted", state({ filters: { school: "Yale University", status: "accepted" } })],
    ["?email=ada%40princeton.edu", state({ filters: { email: "ada@princeton.edu" } })],
    ["?teamcode=123456&page=3", state({ filters: { teamcode: "123456" }, page: 3 })],
    ["?sort=-submitted_at", state({ sort: { column: "submitted_at", descending: true } })],
    ["?sort=school&page=2", state({ sort: { column: "school", descending: false }, page: 2 })],
    // What the server would refuse reads as the default, so the table still shows something.
    ["?sort=nickname", DEFAULT_STATE],
    ["?sort=--first", DEFAULT_STATE],
    ["?page=0", DEFAULT_STATE],
    ["?page=-2", DEFAULT_STATE],
    ["?page=two", DEFAULT_STATE],
    ["?page=1.5", DEFAULT_STATE],
    ["?page=99999999999", DEFAULT_STATE],
    ["?bogus=1&per_page=5", DEFAULT_STATE],
    // A filter is kept as typed (the input shows it); it is trimmed when sent.
    ["?first=%20Ada%20", state({ filters: { first: " Ada " } })],
  ])("%s", (search, expected) => {
    expect(parseTableState(search)).toEqual(expected);
  });

  it("cuts a filter at the server's 254 characters", () => {
    expect(parseTableState(`?school=${"x".repeat(300)}`).filters.school).toHaveLength(254);
  });
});

describe("a link from a count (the statistics, the capacity)", () => {
  it("keeps the named selection and the host school in the address and the request", () => {
    const state = parseTableState("?selection=confirmed&host=true");
    expect(state.filters).toEqual({ ...EMPTY_FILTERS, selection: "confirmed", host: "true" });
    expect(activeFilters(state.filters)).toEqual({ selection: "confirmed", host: "true" });
    expect(serializeTableState(state)).toBe("?selection=confirmed&host=true");
  });
});

describe("the table's state → the address", () => {
  it.each([
    [DEFAULT_STATE, ""],
    [state({ filters: { first: "Ada" } }), "?first=Ada"],
    [state({ filters: { first: "  Ada ", last: "   " } }), "?first=Ada"],
    [state({ filters: { status: "accepted", first: "Ada" } }), "?first=Ada&status=accepted"],
    [state({ filters: { email: "ada@princeton.edu" } }), "?email=ada%40princeton.edu"],
    [state({ filters: { school: "Yale University" } }), "?school=Yale+University"],
    [state({ sort: { column: "email", descending: true } }), "?sort=-email"],
    [state({ sort: { column: "submitted_at", descending: true }, page: 4 }), "?sort=-submitted_at&page=4"],
    [
      state({ filters: { teamcode: "123456" }, sort: { column: "last", descending: false }, page: 2 }),
      "?teamcode=123456&sort=last&page=2",
    ],
  ])("%j → %s", (value, expected) => {
    expect(serializeTableState(value)).toBe(expected);
  });

  it("reads back what it writes, for every sort", () => {
    for (const column of ["email", "first", "last", "school", "teamcode", "status", "submitted_at"] as const)
      for (const descending of [false, true]) {
        const filters = { school: "Yale", status: "submitted" };
        const value = state({ filters, sort: { column, descending }, page: 7 });
        expect(parseTableState(serializeTableState(value))).toEqual(value);
      }
  });

  it("compares states by what the address would hold", () => {
    expect(sameState(state({ filters: { first: "Ada " } }), state({ filters: { first: "Ada" } }))).toBe(true);
    expect(sameState(state({ page: 2 }), state({ page: 1 }))).toBe(false);
    expect(sameState(state({ sort: { column: "first", descending: false } }), DEFAULT_STATE)).toBe(false);
  });
});

describe("sorting", () => {
  it.each([
    ["email", { column: "email", descending: false }],
    ["-first", { column: "first", descending: true }],
    [" -school ", { column: "school", descending: true }],
    [null, { column: "email", descending: false }],
    ["", { column: "email", descending: false }],
    ["-", { column: "email", descending: false }],
  ] as const)("parses %j", (raw, expected) => {
    expect(parseSort(raw)).toEqual(expected);
  });

  it("writes the server's sort values", () => {
    expect(sortParam({ column: "teamcode", descending: false })).toBe("teamcode");
    expect(sortParam({ column: "submitted_at", descending: true })).toBe("-submitted_at");
  });

});

describe("page requests", () => {
  const onPage = (page: number, pages = 10): PageInfo => ({
    page,
    pages,
    next: page < pages ? `n${page}` : null,
    previous: page > 1 ? `p${page}` : null,
  });

  it.each([
    ["next, with the cursor", 5, onPage(4), { page: 5, after: "n4" }],
    ["previous, with the cursor", 3, onPage(4), { page: 3, before: "p4" }],
    ["the first page, by number", 1, onPage(2), { page: 1 }],
    ["the last page, by number", 10, onPage(9), { page: 10 }],
    ["a jump, by number", 7, onPage(2), { page: 7 }],
    ["nothing on screen yet", 2, null, { page: 2 }],
    ["no cursor given", 5, { page: 4, pages: 10, next: null, previous: null }, { page: 5 }],
  ])("%s", (_, target, current, expected) => {
    expect(pageRequest(target as number, current as PageInfo | null)).toEqual(expected);
  });

  it("reads 'Page X of Y (Total: N)', an empty result as page 1 of 1", () => {
    expect(pageText(2, 5, 93)).toBe("Page 2 of 5 (Total: 93)");
    expect(pageText(1, 0, 0)).toBe("Page 1 of 1 (Total: 0)");
  });

  it("allows Previous after page 1 and Next before the last page", () => {
    expect([canGoBack(1), canGoBack(2)]).toEqual([false, true]);
    expect([canGoForward(1, 1), canGoForward(1, 2), canGoForward(2, 2)]).toEqual([false, true, false]);
  });

  it.each([
    [{ ...EMPTY_FILTERS }, {}],
    [{ ...EMPTY_FILTERS, first: "  Ada ", status: "accepted", teamcode: " " }, { first: "Ada", status: "accepted" }],
  ])("sends only the filters that hold something: %j", (values, expected) => {
    expect(activeFilters(values)).toEqual(expected);
  });
});

describe("selection", () => {
  const page = ["a@x.edu", "b@x.edu", "c@x.edu"];

  it.each([
    [[], "none"],
    [["a@x.edu"], "some"],
    [["a@x.edu", "z@other.edu"], "some"],
    [page, "all"],
    [["z@other.edu"], "none"],
  ])("with %j selected the page is %s", (selected, expected) => {
    expect(pageSelection(new Set(selected), page)).toBe(expected);
  });

  it("an empty page is never 'all' selected", () => {
    expect(pageSelection(new Set(["a@x.edu"]), [])).toBe("none");
  });

  it("select-all selects the page's rows and keeps other pages' selections", () => {
    expect([...toggleAllOnPage(new Set(["z@other.edu", "a@x.edu"]), page)].sort()).toEqual([...page, "z@other.edu"]);
  });

  it("select-all on a fully selected page clears that page only", () => {
    expect([...toggleAllOnPage(new Set([...page, "z@other.edu"]), page)]).toEqual(["z@other.edu"]);
  });

  it("after a batch, only the rows that failed stay selected", () => {
    expect([...withoutApproved(new Set(page), ["a@x.edu", "c@x.edu"])]).toEqual(["b@x.edu"]);
  });
});

describe("select all N matching", () => {
  it.each([
    // [page selection, rows on the page, total matching, matching already on, offer]
    ["all", 20, 45, false, 45],
    ["all", 20, 20, false, null],
    ["some", 20, 45, false, null],
    ["none", 20, 45, false, null],
    ["all", 20, 45, true, null],
    ["all", 20, null, false, null],
  ] as const)("page %s, %i rows, %j matching, on=%s: offers %j", (onPage, rows, total, on, expected) => {
    expect(selectAllOffer(onPage, rows, total, on)).toBe(expected);
  });

  it.each([
    [1, false, "1 application selected"],
    [3, false, "3 applications selected"],
    [120, true, "All 120 matching applications selected"],
  ])("%i selected (matching %s) reads %s", (count, matching, expected) => {
    expect(selectionText(count, matching)).toBe(expected);
  });

  it.each([
    ["Decide", 3, false, "Decide 3 selected"],
    ["Assign", 120, true, "Assign all 120 matching"],
  ] as const)("%s %i (matching %s): %s", (verb, count, matching, expected) => {
    expect(actionText(verb, count, matching)).toBe(expected);
  });
});

describe("the submitted-at cell", () => {
  it.each([
    ["2026-01-15T14:30:00Z", "UTC", "Jan 15, 2026, 2:30 PM"],
    ["2026-01-15T14:30:00Z", "America/New_York", "Jan 15, 2026, 9:30 AM"],
    [null, "UTC", "—"],
    ["not a date", "UTC", "—"],
  ])("%s in %s reads %s", (iso, zone, expected) => {
    expect(submittedText(iso, zone).replace(/\u202f/g, " ")).toBe(expected);
  });
});
