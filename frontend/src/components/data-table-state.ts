// The organizers' data table's pure parts: how the app's own state (a Set of selected ids, a
// single sort) reads as TanStack Table's state and back, the columns' share of the width, and
// whether a click on a row should open it. Table-tested without rendering.
import type { RowSelectionState, SortingState } from "@tanstack/react-table";

/** One sorted column, or none (a table in its natural order). */
export interface ColumnSort {
  id: string;
  desc: boolean;
}

export function toSortingState(sort: ColumnSort | null | undefined): SortingState {
  return sort ? [{ id: sort.id, desc: sort.desc }] : [];
}

/** The first sorted column of TanStack's state (the tables sort by one column at a time). */
export function fromSortingState(sorting: SortingState): ColumnSort | null {
  const first = sorting[0];
  return first ? { id: first.id, desc: first.desc } : null;
}

/** The app keeps a selection as a Set of row ids (it outlives a page); TanStack as a record. */
export function toRowSelection(selected: ReadonlySet<string>): RowSelectionState {
  const state: RowSelectionState = {};
  for (const id of selected) state[id] = true;
  return state;
}

export function fromRowSelection(state: RowSelectionState): Set<string> {
  return new Set(Object.keys(state).filter((id) => state[id]));
}

/**
 * Each column's width as a share of the table's, from TanStack's column sizes: the table takes
 * its container's full width (a fixed layout), so sizes are proportions of it. Below the width
 * the sizes add up to (tableMinWidth) the table stops shrinking and its container scrolls.
 */
export function columnWidths(sizes: readonly number[]): string[] {
  const total = sizes.reduce((sum, size) => sum + Math.max(size, 0), 0);
  if (total <= 0) return sizes.map(() => `${(100 / Math.max(sizes.length, 1)).toFixed(3)}%`);
  return sizes.map((size) => `${((Math.max(size, 0) / total) * 100).toFixed(3)}%`);
}

/** What a click on a row carried: where it landed and what else was going on. */
export interface RowClick {
  /** The click landed in (or on) a link, button, form control or label of the row. */
  onControl: boolean;
  /** Text the person has selected in the page (a drag across a cell is not a click to open). */
  selectedText: string;
  button: number;
  /** Ctrl, Meta, Shift or Alt: the person wants the browser's own behaviour (a new tab…). */
  modified: boolean;
}

/**
 * A click on a row opens it, as a convenience beside the real link in its first cell: not
 * when it was on a control (the checkbox, the link itself), not after selecting text, not for
 * another button or a modified click.
 */
export function shouldOpenRow(click: RowClick): boolean {
  return !click.onControl && click.selectedText.trim() === "" && click.button === 0 && !click.modified;
}

/** The elements whose clicks are their own (the row's click leaves them alone). */
export const CONTROL_SELECTOR = "a, button, input, select, textarea, label, summary, [role='button']";

/**
 * The narrowest the table is drawn, in CSS pixels: its columns' sizes added up (each size is
 * what that column needs to show its content on one line, more or less). Narrower, the shares
 * broke words mid-way ("Submit/ted") and laid a date over the next column; the table's
 * container scrolls instead. Phones show rows as cards, without it (organizer.css).
 */
export function tableMinWidth(sizes: readonly number[]): number {
  return sizes.reduce((sum, size) => sum + Math.max(size, 0), 0);
}
