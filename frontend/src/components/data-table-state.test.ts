import type { RowSelectionState } from "@tanstack/react-table";
import { describe, expect, it } from "vitest";
import {
  columnWidths,
  tableMinWidth,
  fromRowSelection,
  fromSortingState,
  shouldOpenRow,
  toRowSelection,
  toSortingState,
} from "./data-table-state";

describe("sort state", () => {
  it.each([
    [null, []],
    [{ id: "email", desc: false }, [{ id: "email", desc: false }]],
    [{ id: "score", desc: true }, [{ id: "score", desc: true }]],
  ])("%j reads as TanStack's %j and back", (sort, state) => {
    expect(toSortingState(sort)).toEqual(state);
    expect(fromSortingState(state)).toEqual(sort);
  });

  it("takes the first of several sorted columns", () => {
    expect(fromSortingState([{ id: "a", desc: true }, { id: "b", desc: false }])).toEqual({ id: "a", desc: true });
  });
});

describe("selection state", () => {
  it.each([
    [[], {}],
    [["a@x.edu"], { "a@x.edu": true }],
    [["a@x.edu", "b@x.edu"], { "a@x.edu": true, "b@x.edu": true }],
  ])("%j round-trips through TanStack's record", (ids, record) => {
    expect(toRowSelection(new Set(ids))).toEqual(record);
    expect([...fromRowSelection(record as RowSelectionState)]).toEqual(ids);
  });
});

describe("column widths", () => {
  it.each([
    [[100, 100], ["50.000%", "50.000%"]],
    [[50, 150], ["25.000%", "75.000%"]],
    [[0, 0, 0, 0], ["25.000%", "25.000%", "25.000%", "25.000%"]],
    [[-10, 30], ["0.000%", "100.000%"]],
    [[], []],
  ])("sizes %j share the full width as %j", (sizes, widths) => {
    expect(columnWidths(sizes)).toEqual(widths);
  });

  it.each([
    [[235, 110, 95], 440],
    [[-10, 30], 30],
    [[], 0],
  ])("sizes %j make a table at least %i px wide", (sizes, width) => {
    expect(tableMinWidth(sizes)).toBe(width);
  });
});

describe("a click on a row", () => {
  const plain = { onControl: false, selectedText: "", button: 0, modified: false };
  it.each([
    ["a plain click on a cell", plain, true],
    ["a click on the checkbox or the link", { ...plain, onControl: true }, false],
    ["the end of a text selection", { ...plain, selectedText: "ada@" }, false],
    ["a selection of white space only", { ...plain, selectedText: "  " }, true],
    ["a middle click", { ...plain, button: 1 }, false],
    ["a Ctrl or Cmd click (a new tab, through the link)", { ...plain, modified: true }, false],
  ])("%s opens it: %s", (_what, click, expected) => {
    expect(shouldOpenRow(click)).toBe(expected);
  });
});
