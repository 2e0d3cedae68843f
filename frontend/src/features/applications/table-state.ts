// The applications table's state (filters, sort, page) and the address that holds it
// (/admin/users?school=yale&sort=-submitted_at&page=3), so Back and shared links land where the
// organizer was; which request a page change makes (a cursor for the neighbouring pages); and
// row selection. Pure functions, table-tested without rendering.
import type { SortParam } from "../../api/organizer";
import { formatNumber, language, t } from "../../lib/i18n";

// The filters the table's controls show: a part of the server's one filter language of
// applications (`selection` is one of its named counts, `host` the host school or every other).
export const FILTER_KEYS = [
  "first",
  "last",
  "email",
  "school",
  "status",
  "teamcode",
  "reviews_min",
  "selection",
  "host",
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type FilterValues = Record<FilterKey, string>;
export const EMPTY_FILTERS: FilterValues = {
  first: "",
  last: "",
  email: "",
  school: "",
  status: "",
  teamcode: "",
  reviews_min: "",
  selection: "",
  host: "",
};

// The server's `sort` values come from its schema, so a renamed column fails tsc here.
export type SortColumn = Exclude<SortParam, `-${string}`>;
export const SORT_COLUMNS: readonly SortColumn[] = [
  "email",
  "first",
  "last",
  "school",
  "teamcode",
  "status",
  "submitted_at",
  "score",
];
export interface Sort {
  column: SortColumn;
  descending: boolean;
}
export const DEFAULT_SORT: Sort = { column: "email", descending: false };

export interface TableState {
  filters: FilterValues;
  sort: Sort;
  page: number;
}
export const DEFAULT_STATE: TableState = { filters: EMPTY_FILTERS, sort: DEFAULT_SORT, page: 1 };

// The server's limits: longer filters and larger pages are refused, so the address can't hold them.
export const MAX_FILTER_LENGTH = 254;
export const MAX_PAGE = 10_000_000;

export function sortParam(sort: Sort): SortParam {
  return (sort.descending ? `-${sort.column}` : sort.column) as SortParam;
}

/** A `sort` value; anything the server would refuse reads as the default sort. */
export function parseSort(raw: string | null | undefined): Sort {
  const text = (raw ?? "").trim();
  const descending = text.startsWith("-");
  const column = (descending ? text.slice(1) : text) as SortColumn;
  return SORT_COLUMNS.includes(column) ? { column, descending } : DEFAULT_SORT;
}

/** A page number from the address; anything but a whole number in range reads as page 1. */
export function parsePage(raw: string | null | undefined): number {
  const text = (raw ?? "").trim();
  if (!/^\d{1,8}$/.test(text)) return 1;
  const page = Number(text);
  return page >= 1 && page <= MAX_PAGE ? page : 1;
}

/** The table's state from an address's query string ("?first=ada&page=2" or "first=ada"). */
export function parseTableState(search: string): TableState {
  const params = new URLSearchParams(search);
  const filters = { ...EMPTY_FILTERS };
  for (const key of FILTER_KEYS) filters[key] = (params.get(key) ?? "").slice(0, MAX_FILTER_LENGTH);
  return { filters, sort: parseSort(params.get("sort")), page: parsePage(params.get("page")) };
}

/**
 * The query string of a state, "" for the default one: filters that hold something (trimmed)
 * in a fixed order, then the sort and page when they aren't the defaults. Equal states give
 * equal strings, so it also serves to compare states.
 */
export function serializeTableState(state: TableState): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = state.filters[key].trim();
    if (value) params.set(key, value);
  }
  const sort = sortParam(state.sort);
  if (sort !== sortParam(DEFAULT_SORT)) params.set("sort", sort);
  if (state.page !== 1) params.set("page", String(state.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

export function sameState(a: TableState, b: TableState): boolean {
  return serializeTableState(a) === serializeTableState(b);
}

/** Only the filters that hold something, trimmed: the server's JSON filter object. */
export function activeFilters(values: FilterValues): Partial<FilterValues> {
  const filters: Partial<FilterValues> = {};
  for (const key of FILTER_KEYS) {
    const value = values[key].trim();
    if (value) filters[key] = value;
  }
  return filters;
}

// --- Which request a page change makes -------------------------------------------------------

/** What the server told us about the page on screen. */
export interface PageInfo {
  page: number;
  pages: number;
  next: string | null;
  previous: string | null;
}

export interface PageRequest {
  page: number;
  after?: string;
  before?: string;
}

/**
 * The request for page `target` from the page on screen: the neighbouring pages with the
 * cursor the server gave (a seek in its index, as cheap as page 1 at any depth); the first and
 * last pages and any other jump by number alone (the server reads those from either end).
 */
export function pageRequest(target: number, current: PageInfo | null): PageRequest {
  if (current && target !== 1 && target !== current.pages) {
    if (target === current.page + 1 && current.next) return { page: target, after: current.next };
    if (target === current.page - 1 && current.previous) return { page: target, before: current.previous };
  }
  return { page: target };
}

/** 'Page X of Y (Total: N)'; an empty result still reads as page 1 of 1. */
export function pageText(page: number, pages: number, total: number): string {
  return t("Page {page} of {pages} (Total: {total})", {
    page: formatNumber(Math.min(page, Math.max(pages, 1))),
    pages: formatNumber(Math.max(pages, 1)),
    total: formatNumber(total),
  });
}

export function canGoBack(page: number): boolean {
  return page > 1;
}

export function canGoForward(page: number, pages: number): boolean {
  return page < pages;
}

// --- Row selection (by email: the batch decision and assignment calls take emails) ----------

export type PageSelection = "none" | "some" | "all";

export function pageSelection(selected: ReadonlySet<string>, pageEmails: readonly string[]): PageSelection {
  const chosen = pageEmails.filter((email) => selected.has(email)).length;
  if (chosen === 0) return "none";
  return chosen === pageEmails.length ? "all" : "some";
}

/** The "select all on this page" box: selects the page's rows, or clears them if all were. */
export function toggleAllOnPage(selected: ReadonlySet<string>, pageEmails: readonly string[]): Set<string> {
  const next = new Set(selected);
  if (pageSelection(selected, pageEmails) === "all") for (const email of pageEmails) next.delete(email);
  else for (const email of pageEmails) next.add(email);
  return next;
}

/**
 * The "Select all N matching" offer: once the whole page is ticked and the filters match more
 * rows than the page holds, the count of them (null: no offer).
 */
export function selectAllOffer(
  onPage: PageSelection,
  pageRows: number,
  total: number | null,
  matchingOn: boolean,
): number | null {
  if (matchingOn || total === null || onPage !== "all") return null;
  return total > pageRows ? total : null;
}

/** What the selection bar says is selected. */
export function selectionText(count: number, matching: boolean): string {
  const vars = { count: formatNumber(count) };
  if (matching) return t.plural(count, { one: "All {count} matching applications selected", other: "All {count} matching applications selected" }, vars);
  return t.plural(count, { one: "{count} application selected", other: "{count} applications selected" }, vars);
}

/** An action button's words, with the count it acts on ("Decide 3 selected", "Decide all 120 matching"). */
export function actionText(verb: "Decide" | "Assign", count: number, matching: boolean): string {
  const vars = { count: formatNumber(count) };
  // Whole sentences per verb and count, so each language words them its own way.
  if (verb === "Assign") {
    return matching
      ? t.plural(count, { one: "Assign all {count} matching", other: "Assign all {count} matching" }, vars)
      : t.plural(count, { one: "Assign {count} selected", other: "Assign {count} selected" }, vars);
  }
  return matching
    ? t.plural(count, { one: "Decide all {count} matching", other: "Decide all {count} matching" }, vars)
    : t.plural(count, { one: "Decide {count} selected", other: "Decide {count} selected" }, vars);
}

/** Drop the rows a batch call succeeded on; the failed ones stay selected to try again. */
export function withoutApproved(selected: ReadonlySet<string>, approved: readonly string[]): Set<string> {
  const next = new Set(selected);
  for (const email of approved) next.delete(email);
  return next;
}

// --- Cells ---------------------------------------------------------------------------------

/** A submission time as the organizer's clock reads it ("Jan 15, 2026, 9:30 AM"); "—" for a draft. */
export function submittedText(iso: string | null, timeZone?: string, locale = language()): string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "—";
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone }).format(date);
}
