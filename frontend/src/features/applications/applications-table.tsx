// /admin/users: the applications table. Filters, sort and page live in the address (Back and
// shared links keep them; see table-state.ts); columns sort by a click on their header; rows
// can be selected, across pages, for one batch decision or an assignment to a reviewer.
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from "react";
import {
  organizerApi,
  type ApplicationPage,
  type BatchDecisionResult,
  type BatchResult,
  type BatchStatusInput,
} from "../../api/organizer";
import { LoadError } from "../../components/load-error";
import { Alert } from "../../components/alert";
import { DataTable, RowLink, Truncated, type DataColumn } from "../../components/data-table";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { CenteredSpinner } from "../../components/centered-spinner";
import { ApiError } from "../../lib/api";
import { queryKeys, type TablePageKey } from "../../lib/query-keys";
import { useSubmit } from "../../lib/use-submit";
import { decisionResultView, overrideConfirmation, type ResultView } from "../../lib/batch-result";
import { EmailResults } from "../../components/email-results";
import { PageHeader } from "../../components/page-header";
import { SelectField, type Choice } from "../../components/field";
import { statusWord } from "../../lib/text";
import { useDebounced } from "../../lib/use-debounced";
import {
  EMPTY_FILTERS,
  activeFilters,
  canGoBack,
  canGoForward,
  pageRequest,
  pageSelection,
  pageText,
  parsePage,
  parseSort,
  parseTableState,
  sameState,
  serializeTableState,
  sortParam,
  actionText,
  selectAllOffer,
  selectionText,
  submittedText,
  toggleAllOnPage,
  withoutApproved,
  type FilterKey,
  type FilterValues,
  type Sort,
  type SortColumn,
  type TableState,
} from "./table-state";
import { formatNumber, t } from "../../lib/i18n";
import { fromPage } from "../../lib/query";

/** What the server rendered `initialPage` for (its reading of the same address). */
export interface InitialState {
  filters: Partial<FilterValues>;
  sort: string;
  page: number;
}

interface Props {
  perPage: number;
  statuses: Choice[];
  /** The batch decisions (accepted, waitlisted, rejected, waitlist accepted). */
  decisions: Choice[];
  /** The server's named selections (the statistics' and the capacity's counts). */
  selections?: Choice[];
  hostSchool?: string;
  initialState?: InitialState | null;
  /** The page the server rendered for the address (no round trip on first paint). */
  initialPage?: ApplicationPage | null;
  debounceMs?: number;
}

/** The table's state and the cursor of the request that shows it (none for a page by number). */
interface View {
  state: TableState;
  after?: string;
  before?: string;
}

/** What a history entry remembers besides its address: the cursor its page was reached with. */
interface HistoryEntry {
  table?: { page: number; after?: string; before?: string };
}

const TEXT_FILTERS: {
  key: Exclude<FilterKey, "status" | "selection" | "host">;
  label: string;
  type?: string;
  inputMode?: "numeric";
}[] = [
  { key: "first", label: t.noop("First name") },
  { key: "last", label: t.noop("Last name") },
  { key: "email", label: t.noop("Email"), type: "search" },
  { key: "school", label: t.noop("School") },
  { key: "teamcode", label: t.noop("Team code"), inputMode: "numeric" },
  { key: "reviews_min", label: t.noop("Min reviews"), inputMode: "numeric" },
];

type Row = ApplicationPage["applications"][number];

const userHref = (email: string) => `/admin/users/${encodeURIComponent(email)}`;

// The first cell holds the row's real link (a click anywhere on the row is a convenience);
// sizes are each column's share of the full width. The headers are English here (the catalog
// loads after this module); the table translates them as it renders (translatedColumns).
const COLUMNS: DataColumn<Row>[] = [
  {
    id: "email",
    header: t.noop("Email"),
    sortable: true,
    size: 235,
    className: "org-table__email",
    cell: (row) => <RowLink href={userHref(row.email)} text={row.email} name={t("View User {email}", { email: row.email })} />,
  },
  { id: "first", header: t.noop("First"), sortable: true, size: 110, cell: (row) => <Truncated text={row.first} /> },
  { id: "last", header: t.noop("Last"), sortable: true, size: 110, cell: (row) => <Truncated text={row.last} /> },
  { id: "school", header: t.noop("University"), sortable: true, size: 200, cell: (row) => <Truncated text={row.school} /> },
  // A code (up to 8 digits) is read and typed whole: never broken across lines.
  { id: "teamcode", header: t.noop("Team code"), sortable: true, size: 110, className: "org-table__code", cell: (row) => row.teamcode || "—" },
  {
    id: "status",
    header: t.noop("Status"),
    sortable: true,
    size: 130,
    cell: (row) => <span className={`badge status status--${row.status}`}>{statusWord(row.status)}</span>,
  },
  {
    id: "submitted_at",
    header: t.noop("Submitted"),
    sortable: true,
    descFirst: true,
    size: 170,
    className: "org-table__date",
    cell: (row) =>
      row.submitted_at ? <time dateTime={row.submitted_at}>{submittedText(row.submitted_at)}</time> : "—",
  },
  {
    // One narrow column for both: the count qualifies the score.
    id: "score",
    header: t.noop("Score (reviews)"),
    sortable: true,
    descFirst: true,
    size: 110,
    className: "org-table__date",
    cell: (row) => (
      <span>
        {row.score === null ? "—" : formatNumber(row.score, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}{" "}
        <span className="muted">({formatNumber(row.reviews)})</span>
      </span>
    ),
  },
];

/** The columns with their headers in the page's language. */
function translatedColumns(): DataColumn<Row>[] {
  return COLUMNS.map((column) => ({ ...column, header: t(column.header as string) }));
}

/** The phone's sort select (the column headers are hidden there): every column both ways. */
function sortChoices(columns: DataColumn<Row>[]): Choice[] {
  return columns.flatMap(({ id, header: label }) => {
    const column = id as SortColumn;
    const vars = { column: String(label) };
    const [up, down] =
      column === "submitted_at"
        ? [t("{column} (oldest first)", vars), t("{column} (newest first)", vars)]
        : column === "score"
          ? [t("{column} (lowest first)", vars), t("{column} (highest first)", vars)]
          : [t("{column} (A to Z)", vars), t("{column} (Z to A)", vars)];
    return [
      { value: column, label: up },
      { value: `-${column}`, label: down },
    ];
  });
}

function serverState(initial: InitialState): TableState {
  return {
    filters: { ...EMPTY_FILTERS, ...initial.filters },
    sort: parseSort(initial.sort),
    page: parsePage(String(initial.page)),
  };
}

const NO_ROWS: Row[] = [];

function filtersKey(values: FilterValues): string {
  return JSON.stringify(activeFilters(values));
}

export function ApplicationsTable({
  perPage,
  statuses,
  decisions,
  selections = [],
  hostSchool = "",
  initialState,
  initialPage,
  debounceMs = 300,
}: Props) {
  const [view, setView] = useState<View>(() => ({ state: parseTableState(window.location.search) }));
  const { state } = view;
  // The server's page is used only if it answers what this address says.
  const [initial] = useState(() =>
    initialPage && initialState && sameState(serverState(initialState), view.state) ? initialPage : undefined,
  );
  const [draft, setDraft] = useState<FilterValues>(view.state.filters);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  // "All N matching": every row the filters match, beyond the page (the filters it was taken
  // for; other filters on screen undo it).
  const [matchingFor, setMatchingFor] = useState<string | null>(null);
  const idPrefix = useId();
  const [columns] = useState(translatedColumns);
  const [sortOptions] = useState(() => sortChoices(columns));

  /** Show `next` and put it in the address: a new history entry (push) or this one (replace). */
  const navigate = useCallback(
    (next: TableState, cursor: { after?: string; before?: string }, mode: "push" | "replace") => {
      setView({ state: next, ...cursor });
      const url = window.location.pathname + serializeTableState(next);
      const entry: HistoryEntry = { table: { page: next.page, ...cursor } };
      if (mode === "push" && url !== window.location.pathname + window.location.search) {
        window.history.pushState(entry, "", url);
      } else {
        window.history.replaceState(entry, "", url);
      }
    },
    [],
  );

  // Back and Forward between the table's own entries: the address says what to show, and the
  // entry the cursor that page was reached with (so it is as cheap as it was the first time).
  useEffect(() => {
    const onPopState = (event: PopStateEvent) => {
      const next = parseTableState(window.location.search);
      const saved = (event.state as HistoryEntry | null)?.table;
      const cursor = saved && saved.page === next.page ? { after: saved.after, before: saved.before } : {};
      setView({ state: next, ...cursor });
      setDraft(next.filters);
    };
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, []);

  // Typing settles into new filters, which start again at page 1. Only once the debounce has
  // caught up with the inputs: right after Back restored other filters, the stale debounced
  // value must not win.
  const settled = useDebounced(filtersKey(draft), debounceMs);
  useEffect(() => {
    if (settled === filtersKey(draft) && settled !== filtersKey(state.filters)) {
      navigate({ ...state, filters: draft, page: 1 }, {}, "replace");
    }
  }, [settled, draft, state, navigate]);

  const request: TablePageKey = {
    page: state.page,
    perPage,
    filters: activeFilters(state.filters),
    sort: sortParam(state.sort),
    after: view.after,
    before: view.before,
  };
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.applications.page(request),
    queryFn: () => organizerApi.list(request),
    // The page the server rendered is the first answer; later ones come from the API. A newer
    // request's answer wins by key, so typing fast never shows stale rows.
    ...fromPage(initial),
    // Keep the previous rows on screen while the next page loads, to avoid a flash.
    placeholderData: keepPreviousData,
  });
  const fetching = query.isFetching;
  const reload = () => void queryClient.invalidateQueries({ queryKey: queryKeys.applications.all });
  // Try again hides the error while it asks (the spinner shows instead), as a first load does.
  // A filter the server refused (typed, or in an address) is named with why, marked at its
  // field, and offers clearing the filters: trying again would only ask the same.
  const refused =
    query.isError && !fetching && query.error instanceof ApiError && query.error.status === 400
      ? (query.error.body.errors ?? {})
      : null;
  const refusedFilter = refused ? TEXT_FILTERS.find((f) => refused[f.key]?.length) : undefined;
  const loadError = refused
    ? refusedFilter
      ? t("{filter}: {problem}", { filter: t(refusedFilter.label), problem: refused[refusedFilter.key][0] })
      : t("Those filters could not be applied.")
    : query.isError && !fetching
      ? t("Error fetching applications")
      : null;

  const data = query.isError ? null : (query.data ?? null);

  // An address past the end (a link to page 40 of a table that has since shrunk): show the last page.
  useEffect(() => {
    if (data && !fetching && data.total > 0 && data.page > data.pages && state.page === data.page) {
      navigate({ ...state, page: data.pages }, {}, "replace");
    }
  }, [data, fetching, state, navigate]);

  const set = (key: FilterKey, value: string) => setDraft((prev) => ({ ...prev, [key]: value }));
  const clearFilters = () => {
    setDraft(EMPTY_FILTERS);
    navigate({ ...state, filters: EMPTY_FILTERS, page: 1 }, {}, "replace");
  };
  const sortBy = (sort: Sort) => navigate({ ...state, sort, page: 1 }, {}, "push");
  const goTo = (page: number) => {
    const { after, before } = pageRequest(page, data);
    navigate({ ...state, page }, { after, before }, "push");
  };

  const busy = fetching || filtersKey(draft) !== filtersKey(state.filters);
  const pages = data?.pages ?? 0;
  const hasFilters = Object.keys(activeFilters(draft)).length > 0;
  const rows = data?.applications ?? NO_ROWS;
  const pageEmails = rows.map((row) => row.email);
  const currentFilters = activeFilters(state.filters);
  const matching: Matching | null =
    matchingFor !== null && matchingFor === filtersKey(state.filters) && data && !busy
      ? { filters: currentFilters, total: data.total }
      : null;
  /** A box ticked or cleared by hand: the selection is rows again, not "all matching". */
  const select = (next: Set<string>) => {
    setMatchingFor(null);
    setSelected(next);
  };

  return (
    <div className="stack">
      <PageHeader
        title={t("Applications")}
        lead={t(
          "Every application of the current cycle. Filters apply as you type; a column's header sorts by it. Select rows to decide on them or assign them to a reviewer.",
        )}
      />
      <form
        className="card org-filters"
        role="search"
        aria-label={t("Filter applications")}
        onSubmit={(e) => e.preventDefault()}
      >
        {TEXT_FILTERS.map((f) => (
          <div className="field" key={f.key}>
            <label htmlFor={`${idPrefix}-${f.key}`}>{t(f.label)}</label>
            <input
              id={`${idPrefix}-${f.key}`}
              className="input"
              type={f.type ?? "text"}
              inputMode={f.inputMode}
              value={draft[f.key]}
              // A number's field takes digits only: a sign or a letter could only be refused.
              onChange={(e) => set(f.key, f.inputMode === "numeric" ? e.target.value.replace(/\D+/g, "") : e.target.value)}
              aria-invalid={refusedFilter?.key === f.key || undefined}
              aria-describedby={refusedFilter?.key === f.key ? `${idPrefix}-refused` : undefined}
              autoComplete="off"
            />
          </div>
        ))}
        <SelectField
          label={t("Status")}
          choices={[{ value: "", label: t("Any status") }, ...statuses]}
          value={draft.status}
          onChange={(e) => set("status", e.target.value)}
        />
        <SelectField
          label={t("Group")}
          choices={[{ value: "", label: t("Everyone") }, ...selections]}
          value={draft.selection}
          onChange={(e) => set("selection", e.target.value)}
        />
        {/* "Scope", as the statistics cards call it ("School" alone is the text filter's label). */}
        <div className="org-filters__scope">
          <SelectField
            label={t("Scope")}
            choices={[
              { value: "", label: t("All schools") },
              { value: "true", label: hostSchool || t("The host school") },
              { value: "false", label: t("Other schools") },
            ]}
            value={draft.host}
            onChange={(e) => set("host", e.target.value)}
          />
        </div>
        <div className="org-filters__sort">
          <SelectField
            label={t("Sort by")}
            choices={sortOptions}
            value={sortParam(state.sort)}
            onChange={(e) => navigate({ ...state, sort: parseSort(e.target.value), page: 1 }, {}, "push")}
          />
        </div>
        <div className="org-filters__actions">
          <button type="button" className="button button--secondary" onClick={clearFilters} disabled={!hasFilters}>
            {t("Clear filters")}
          </button>
        </div>
      </form>

      <SelectionBar
        selected={selected}
        pageEmails={pageEmails}
        decisions={decisions}
        onChange={select}
        matching={matching}
        total={data && !busy ? data.total : null}
        onSelectMatching={() => setMatchingFor(filtersKey(state.filters))}
        onDecided={reload}
      />

      {loadError && refused ? (
        <div className="stack">
          <div id={`${idPrefix}-refused`}>
            <Alert kind="error">{loadError}</Alert>
          </div>
          <button type="button" className="button button--secondary" onClick={clearFilters}>
            {t("Clear filters")}
          </button>
        </div>
      ) : loadError ? (
        <LoadError message={loadError} onRetry={() => void query.refetch()} />
      ) : null}

      {!data && !loadError ? (
        <CenteredSpinner label={t("Loading applications…")} />
      ) : null}

      {data ? (
        <div className="stack" aria-busy={busy}>
          <DataTable
            caption={t("Applications")}
            columns={columns}
            data={rows}
            rowId={(row) => row.email}
            sort={{ id: state.sort.column, desc: state.sort.descending }}
            onSortChange={(next) => next && sortBy({ column: next.id as SortColumn, descending: next.desc })}
            manualSorting
            selection={{ selected, onChange: select, label: (row) => t("Select {email}", { email: row.email }) }}
            rowHref={(row) => userHref(row.email)}
            wide
            empty={hasFilters ? t("No applications match these filters.") : t("No applications yet.")}
          />
          <nav className="org-pager" aria-label={t("Pages")}>
            <div className="org-pager__group">
              <button
                type="button"
                className="button button--secondary"
                onClick={() => goTo(1)}
                disabled={!canGoBack(state.page) || busy}
              >
                {t("First page")}
              </button>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => goTo(state.page - 1)}
                disabled={!canGoBack(state.page) || busy}
              >
                {t("Previous")}
              </button>
            </div>
            <p className="org-pager__text" aria-live="polite">
              {pageText(state.page, pages, data.total)}
            </p>
            <div className="org-pager__group">
              <button
                type="button"
                className="button button--secondary"
                onClick={() => goTo(state.page + 1)}
                disabled={!canGoForward(state.page, pages) || busy}
              >
                {t("Next")}
              </button>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => goTo(pages)}
                disabled={!canGoForward(state.page, pages) || busy}
              >
                {t("Last page")}
              </button>
            </div>
          </nav>
        </div>
      ) : null}
    </div>
  );
}

/** Every application the table's filters match, as the server counted them for the page on screen. */
interface Matching {
  filters: Record<string, string>;
  total: number;
}

interface SelectionBarProps {
  selected: Set<string>;
  pageEmails: string[];
  decisions: Choice[];
  onChange: (next: Set<string>) => void;
  /** "All N matching" is on: the actions send the filters, not the page's addresses. */
  matching: Matching | null;
  /** How many rows the filters match (null while a page loads). */
  total: number | null;
  onSelectMatching: () => void;
  /** A decision changed statuses: the table reloads the page on screen. */
  onDecided: () => void;
}

/** What the last action on the selection did: a decision (with who Override could still decide) or an assignment. */
type Outcome =
  | { kind: "decision"; status: string; label: string; result: BatchDecisionResult; view: ResultView }
  | { kind: "assignment"; summary: string; result: BatchResult };

/**
 * The selection and what can be done with it. Always on screen (disabled while nothing is
 * selected), so ticking the first box never moves the table under the pointer.
 */
function SelectionBar({
  selected,
  pageEmails,
  decisions,
  onChange,
  matching,
  total,
  onSelectMatching,
  onDecided,
}: SelectionBarProps) {
  const [decision, setDecision] = useState(decisions[0]?.value ?? "");
  const [reviewer, setReviewer] = useState("");
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [askingOverride, setAskingOverride] = useState(false);
  const decide = useSubmit();
  const assign = useSubmit();
  const allBox = useRef<HTMLInputElement>(null);
  const [askingMatching, setAskingMatching] = useState(false);
  const onPage = pageSelection(selected, pageEmails);
  const count = matching ? matching.total : selected.size;
  const emails = [...selected].sort();
  const offerMatching = selectAllOffer(onPage, pageEmails.length, total, matching !== null);

  useEffect(() => {
    if (allBox.current) allBox.current.indeterminate = onPage === "some";
  }, [onPage]);

  // The reviewers are the organizers; asked once, when the page opens.
  const adminsQuery = useQuery({ queryKey: queryKeys.admins, queryFn: organizerApi.admins });
  const admins = adminsQuery.isError ? [] : (adminsQuery.data ?? null);

  const finish = (next: Outcome) => {
    setOutcome(next);
    // After an "all matching" action the selection is over (onChange leaves that mode).
    onChange(matching ? new Set() : withoutApproved(selected, next.result.approved));
  };

  /** One request for `who`: the batch call of /admin/batch (with `override`, the Override's). */
  const runDecision = async (status: string, who: string[] | Matching, override: boolean) => {
    const label = decisions.find((d) => d.value === status)?.label ?? status;
    const target = Array.isArray(who) ? { emails: who } : { filters: who.filters };
    const asked = Array.isArray(who) ? who.length : who.total;
    await decide.run(
      async () => {
        const result = await organizerApi.batchStatus({
          ...target,
          status: status as BatchStatusInput["status"],
          ...(override ? { override: true } : {}),
        });
        finish({ kind: "decision", status, label, result, view: decisionResultView(result, label, asked, override) });
        onDecided();
      },
      override ? t("Error overriding the skipped applications") : t("Error deciding the selected applications"),
    );
  };

  const submitDecision = async (event: FormEvent) => {
    event.preventDefault();
    // Deciding every matching row (beyond the page) asks once more, with the count.
    if (matching) setAskingMatching(true);
    else await runDecision(decision, emails, false);
  };
  const confirmMatching = async () => {
    if (matching) await runDecision(decision, matching, false);
    setAskingMatching(false);
  };

  const overridable = outcome?.kind === "decision" ? outcome.view.overridable : [];
  const confirmOverride = async () => {
    if (outcome?.kind !== "decision") return;
    await runDecision(
      outcome.status,
      overridable.map((item) => item.email),
      true,
    );
    setAskingOverride(false);
  };
  const overrideWords = outcome?.kind === "decision" ? overrideConfirmation(overridable, outcome.label) : null;

  const submitAssignment = async (event: FormEvent) => {
    event.preventDefault();
    await assign.run(async () => {
      const result = matching
        ? await organizerApi.assignMatching(reviewer, matching.filters)
        : await organizerApi.assign(reviewer, emails);
      const asked = matching ? matching.total : emails.length;
      finish({
        kind: "assignment",
        summary: t("Assigned to {reviewer}: {done} of {asked}.", {
          reviewer,
          done: formatNumber(result.approved.length),
          asked: formatNumber(asked),
        }),
        result,
      });
    }, t("Error assigning the selected applications"));
  };

  const reviewers: Choice[] = [
    { value: "", label: admins === null ? t("Loading reviewers…") : t("Choose a reviewer") },
    ...(admins ?? []).map((email) => ({ value: email, label: email })),
  ];

  return (
    <section className="card org-selection" aria-label={t("Selected applications")}>
      <div className="org-selection__head">
        <label className="org-check org-check--labelled">
          <input
            ref={allBox}
            type="checkbox"
            checked={onPage === "all"}
            disabled={pageEmails.length === 0}
            onChange={() => onChange(toggleAllOnPage(selected, pageEmails))}
          />
          {t("Select all on this page")}
        </label>
        <p className="org-selection__count" aria-live="polite">
          {selectionText(count, matching !== null)}
        </p>
        {offerMatching !== null ? (
          <button type="button" className="button button--secondary button--small" onClick={onSelectMatching}>
            {t.plural(offerMatching, { one: "Select all {count} matching", other: "Select all {count} matching" }, { count: formatNumber(offerMatching) })}
          </button>
        ) : null}
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => onChange(new Set())}
          disabled={count === 0}
        >
          {t("Clear selection")}
        </button>
      </div>
      <div className="org-selection__actions">
        <form
          className="org-selection__form"
          onSubmit={submitDecision}
          aria-label={t("Decide on the selected applications")}
        >
          <SelectField
            label={t("Decision")}
            choices={decisions}
            value={decision}
            onChange={(e) => setDecision(e.target.value)}
          />
          <button type="submit" className="button" disabled={count === 0 || decide.busy}>
            {decide.busy ? t("Deciding…") : actionText("Decide", count, matching !== null)}
          </button>
        </form>
        <form className="org-selection__form" onSubmit={submitAssignment} aria-label={t("Assign the selected applications")}>
          <SelectField
            label={t("Reviewer")}
            choices={reviewers}
            value={reviewer}
            onChange={(e) => setReviewer(e.target.value)}
          />
          <button type="submit" className="button" disabled={count === 0 || !reviewer || assign.busy}>
            {assign.busy ? t("Assigning…") : actionText("Assign", count, matching !== null)}
          </button>
        </form>
      </div>
      {decide.error ? <Alert kind="error">{decide.error}</Alert> : null}
      {assign.error ? <Alert kind="error">{assign.error}</Alert> : null}
      {outcome?.kind === "decision" ? (
        <div className="stack">
          <Alert kind={outcome.view.kind}>{outcome.view.summary}</Alert>
          <EmailResults
            doneTitle={outcome.view.doneTitle}
            approved={outcome.result.approved}
            failed={outcome.result.failed}
            skipped={outcome.result.skipped}
          />
          {overridable.length ? (
            <div>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setAskingOverride(true)}
                disabled={decide.busy}
              >
                {t.plural(overridable.length, { one: "Override: set the skipped applicant to {label}", other: "Override: set the {count} skipped to {label}" }, {
                  label: outcome.label,
                })}
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
      {outcome?.kind === "assignment" ? (
        <div className="stack">
          <Alert kind={outcome.result.failed.length ? "info" : "success"}>{outcome.summary}</Alert>
          <EmailResults doneTitle={t("Assigned")} approved={outcome.result.approved} failed={outcome.result.failed} />
        </div>
      ) : null}
      <ConfirmDialog
        open={askingMatching && matching !== null}
        title={t.plural(matching?.total ?? 0, { one: "Decide all {count} matching applications?", other: "Decide all {count} matching applications?" }, {
          count: formatNumber(matching?.total ?? 0),
        })}
        confirmLabel={t("Set {count} to {decision}", {
          count: formatNumber(matching?.total ?? 0),
          decision: decisions.find((d) => d.value === decision)?.label ?? decision,
        })}
        busy={decide.busy}
        onConfirm={() => void confirmMatching()}
        onCancel={() => setAskingMatching(false)}
      >
        <p>
          {t(
            "Every application these filters match gets this decision, on every page, not only the {count} on screen. Applicants who already confirmed or declined are skipped.",
            { count: formatNumber(pageEmails.length) },
          )}
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={askingOverride && overrideWords !== null && overridable.length > 0}
        title={overrideWords?.title ?? ""}
        confirmLabel={overrideWords?.confirmLabel ?? t("Override")}
        busy={decide.busy}
        danger
        onConfirm={() => void confirmOverride()}
        onCancel={() => setAskingOverride(false)}
      >
        <p>{overrideWords?.body}</p>
        <ul className="org-list" aria-label={t("Answers to overwrite")}>
          {overridable.map((item) => (
            <li key={item.email}>
              <span className="org-list__email">{item.email}</span>
              <span className="org-list__reason">{item.reason}</span>
            </li>
          ))}
        </ul>
      </ConfirmDialog>
    </section>
  );
}
