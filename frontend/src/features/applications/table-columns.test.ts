// The applications table's review columns: sort by combined score, filter by review count.
import { describe, expect, it } from "vitest";
import { DEFAULT_STATE, activeFilters, parseTableState, serializeTableState, sortParam } from "./table-state";

describe("score sort and min-reviews filter in the table's address", () => {
  it.each([
    ["?sort=-score", "-score", ""],
    ["?sort=score&reviews_min=2", "score", "2"],
    ["?reviews_min=3", "email", "3"],
  ])("%s → sort %s, reviews_min %s", (search, sort, min) => {
    const state = parseTableState(search);
    expect(sortParam(state.sort)).toBe(sort);
    expect(state.filters.reviews_min).toBe(min);
  });

  it("round-trips through the address and reaches the server's filters", () => {
    const filters = { ...DEFAULT_STATE.filters, reviews_min: " 2 " };
    const state = { ...DEFAULT_STATE, filters, sort: { column: "score" as const, descending: true } };
    // The address keeps the trimmed value, as for every filter.
    const back = parseTableState(serializeTableState(state));
    expect(back.filters.reviews_min).toBe("2");
    expect(sortParam(back.sort)).toBe("-score");
    expect(activeFilters(state.filters)).toEqual({ reviews_min: "2" });
  });
});
