// /admin/users: the paginated applications table with its six filters.
import { useEffect, useId, useRef, useState } from "react";
import { organizerApi, type ApplicationPage, type Filters } from "../../api/organizer";
import { Alert } from "../../components/alert";
import { Spinner } from "../../components/spinner";
import { PageHeader, SelectField, statusWord, useDebounced, type Choice } from "./common";

export const FILTER_KEYS = ["first", "last", "email", "school", "status", "teamcode"] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type FilterValues = Record<FilterKey, string>;

export const EMPTY_FILTERS: FilterValues = { first: "", last: "", email: "", school: "", status: "", teamcode: "" };

/** Only the filters that hold something, trimmed: the server's JSON filter object. */
export function activeFilters(values: FilterValues): Filters {
  const filters: Filters = {};
  for (const key of FILTER_KEYS) {
    const value = values[key].trim();
    if (value) filters[key] = value;
  }
  return filters;
}

/** 'Page X of Y (Total: N)'; an empty result still reads as page 1 of 1. */
export function pageText(page: number, pages: number, total: number): string {
  return `Page ${Math.min(page, Math.max(pages, 1))} of ${Math.max(pages, 1)} (Total: ${total})`;
}

export function canGoBack(page: number): boolean {
  return page > 1;
}

export function canGoForward(page: number, pages: number): boolean {
  return page < pages;
}

interface Props {
  perPage: number;
  statuses: Choice[];
  initialFilters?: Partial<FilterValues>;
  /** The first page, rendered by the server for the initial filters (no round trip). */
  initialPage?: ApplicationPage | null;
  debounceMs?: number;
}

type Load = { state: "loading" } | { state: "error"; message: string } | { state: "done"; data: ApplicationPage };

const TEXT_FILTERS: { key: Exclude<FilterKey, "status">; label: string; type?: string; inputMode?: "numeric" }[] = [
  { key: "first", label: "First name" },
  { key: "last", label: "Last name" },
  { key: "email", label: "Email", type: "search" },
  { key: "school", label: "School" },
  { key: "teamcode", label: "Team code", inputMode: "numeric" },
];

export function ApplicationsTable({ perPage, statuses, initialFilters = {}, initialPage, debounceMs = 300 }: Props) {
  const [values, setValues] = useState<FilterValues>({ ...EMPTY_FILTERS, ...initialFilters });
  const [page, setPage] = useState(1);
  const [load, setLoad] = useState<Load>(initialPage ? { state: "done", data: initialPage } : { state: "loading" });
  const [reloadKey, setReloadKey] = useState(0);
  const [fetching, setFetching] = useState(!initialPage);
  const useInitial = useRef(Boolean(initialPage));
  const filters = useDebounced(JSON.stringify(activeFilters(values)), debounceMs);
  const latest = useRef(0);
  const idPrefix = useId();

  // A new filter set starts again at page 1, in the same render, so only one request goes out.
  const [applied, setApplied] = useState(filters);
  useEffect(() => {
    if (applied !== filters) {
      setApplied(filters);
      setPage(1);
    }
  }, [filters, applied]);

  useEffect(() => {
    if (useInitial.current) {
      useInitial.current = false;
      return;
    }
    const call = ++latest.current;
    setFetching(true);
    // Keep the previous rows on screen while the next page loads, to avoid a flash.
    setLoad((prev) => (prev.state === "done" ? prev : { state: "loading" }));
    organizerApi
      .list(page, perPage, JSON.parse(applied) as Filters)
      .then((data) => {
        // Answers that arrive after a newer request are dropped, so typing fast never shows stale rows.
        if (call !== latest.current) return;
        setLoad({ state: "done", data });
        setFetching(false);
      })
      .catch((error: unknown) => {
        if (call !== latest.current) return;
        setFetching(false);
        const message =
          error && typeof error === "object" && "status" in error && error.status === 400
            ? "Those filters could not be applied."
            : "Error fetching applications";
        setLoad({ state: "error", message });
      });
  }, [page, perPage, applied, reloadKey]);

  const set = (key: FilterKey, value: string) => setValues((prev) => ({ ...prev, [key]: value }));
  const busy = fetching || JSON.stringify(activeFilters(values)) !== applied;
  const data = load.state === "done" ? load.data : null;
  const pages = data?.pages ?? 0;
  const hasFilters = Object.keys(activeFilters(values)).length > 0;

  return (
    <div className="stack">
      <PageHeader title="Applications" lead="Every application of the current cycle. Filters apply as you type." />
      <form
        className="card org-filters"
        role="search"
        aria-label="Filter applications"
        onSubmit={(e) => e.preventDefault()}
      >
        {TEXT_FILTERS.map((f) => (
          <div className="field" key={f.key}>
            <label htmlFor={`${idPrefix}-${f.key}`}>{f.label}</label>
            <input
              id={`${idPrefix}-${f.key}`}
              className="input"
              type={f.type ?? "text"}
              inputMode={f.inputMode}
              value={values[f.key]}
              onChange={(e) => set(f.key, e.target.value)}
              autoComplete="off"
            />
          </div>
        ))}
        <SelectField
          label="Status"
          choices={[{ value: "", label: "Any status" }, ...statuses]}
          value={values.status}
          onChange={(e) => set("status", e.target.value)}
        />
        <div className="org-filters__actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setValues(EMPTY_FILTERS)}
            disabled={!hasFilters}
          >
            Clear filters
          </button>
        </div>
      </form>

      {load.state === "error" ? (
        <div className="stack">
          <Alert kind="error">{load.message}</Alert>
          <button type="button" className="button button--secondary" onClick={() => setReloadKey((k) => k + 1)}>
            Try again
          </button>
        </div>
      ) : null}

      {load.state === "loading" && !data ? (
        <div className="org-center">
          <Spinner label="Loading applications…" />
        </div>
      ) : null}

      {data ? (
        <div className="stack" aria-busy={busy}>
          <div className="table-wrap org-table-wrap">
            <table className="table org-table">
              <caption className="visually-hidden">Applications</caption>
              <thead>
                <tr>
                  <th scope="col">Email</th>
                  <th scope="col">First</th>
                  <th scope="col">Last</th>
                  <th scope="col">University</th>
                  <th scope="col">Team code</th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span className="visually-hidden">Open</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.applications.map((row) => (
                  <tr key={row.email}>
                    <td data-label="Email" className="org-table__email">
                      {row.email}
                    </td>
                    <td data-label="First">{row.first}</td>
                    <td data-label="Last">{row.last}</td>
                    <td data-label="University">{row.school}</td>
                    <td data-label="Team code">{row.teamcode || "—"}</td>
                    <td data-label="Status">
                      <span className={`badge status status--${row.status}`}>{statusWord(row.status)}</span>
                    </td>
                    <td className="org-table__action">
                      <a href={`/admin/users/${encodeURIComponent(row.email)}`} aria-label={`View User ${row.email}`}>
                        View User
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {data.applications.length === 0 ? (
              <p className="org-empty">
                {hasFilters ? "No applications match these filters." : "No applications yet."}
              </p>
            ) : null}
          </div>
          <nav className="org-pager" aria-label="Pages">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setPage((p) => p - 1)}
              disabled={!canGoBack(page) || busy}
            >
              Previous
            </button>
            <p className="org-pager__text" aria-live="polite">
              {pageText(page, pages, data.total)}
            </p>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setPage((p) => p + 1)}
              disabled={!canGoForward(page, pages) || busy}
            >
              Next
            </button>
          </nav>
        </div>
      ) : null}
    </div>
  );
}
