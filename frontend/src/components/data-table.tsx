// The organizers' one data table, on TanStack Table: sorting (in the browser, or by the server
// with `manualSorting`), row selection by id (kept by the page, so it outlives a page of a
// server-paged table) and column sizing (each column's share of the full width). The page owns
// the data (TanStack Query) and paging; this owns the markup: a caption, sortable headers with
// aria-sort, a row that opens on click beside the real link in its first cell, and the phone's
// one-card-per-row layout (each cell labelled by its column).
import {
  columnSizingFeature,
  createSortedRowModel,
  functionalUpdate,
  rowSelectionFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_text,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowData,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from "@tanstack/react-table";
import { useMemo, type CSSProperties, type MouseEvent, type ReactNode } from "react";
import { t } from "../lib/i18n";
import {
  CONTROL_SELECTOR,
  columnWidths,
  fromRowSelection,
  fromSortingState,
  shouldOpenRow,
  tableMinWidth,
  toRowSelection,
  toSortingState,
  type ColumnSort,
} from "./data-table-state";

const features = tableFeatures({
  rowSortingFeature,
  rowSelectionFeature,
  columnSizingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic, text: sortFn_text },
});

type Features = typeof features;

export interface DataColumn<T> {
  id: string;
  /** The header's text, and the cell's label in the phone's card. */
  header: string;
  cell: (row: T, index: number) => ReactNode;
  /** What a browser-side sort compares; a column with it (or `sortable` on a server-sorted table) sorts. */
  sortValue?: (row: T) => string | number | null;
  sortable?: boolean;
  /** The first click sorts descending (dates, scores: newest and best first). */
  descFirst?: boolean;
  /** The column's share of the width (TanStack's column size; proportions, not pixels). */
  size?: number;
  /** The cells' class (not the header's: a cell's look is not its header's). */
  className?: string;
  /** A number column: header and cells aligned to the end, so the digits line up. */
  numeric?: boolean;
  /** The header is read by screen readers only (an action column). */
  hiddenHeader?: boolean;
  /** The phone's label of the cell, when it differs from the header (null: none). */
  label?: string | null;
}

export interface DataTableSelection<T> {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  /** The checkbox's name ("Select ada@princeton.edu"). */
  label: (row: T) => string;
}

interface Props<T extends RowData> {
  caption: string;
  columns: DataColumn<T>[];
  data: T[];
  rowId: (row: T, index: number) => string;
  /** The sorted column, when the page keeps it (in its address, for the server); else the table does. */
  sort?: ColumnSort | null;
  onSortChange?: (sort: ColumnSort | null) => void;
  /** The rows come sorted by the server: a header click only reports the new sort. */
  manualSorting?: boolean;
  selection?: DataTableSelection<T>;
  /** Where a row leads: a click anywhere on it (but on its controls) goes there. */
  rowHref?: (row: T, index: number) => string;
  rowClassName?: (row: T) => string | undefined;
  className?: string;
  /** Wide tables widen the page to the screen (the applications table at 1440 px). */
  wide?: boolean;
  labelledBy?: string;
  /** Shown under the header when there are no rows. */
  empty?: ReactNode;
}

const SELECT_ID = "__select";
const EMPTY_SELECTION: ReadonlySet<string> = new Set();

function toColumnDefs<T extends RowData>(columns: DataColumn<T>[], manualSorting: boolean): ColumnDef<Features, T, unknown>[] {
  return columns.map((column) => ({
    id: column.id,
    header: column.header,
    accessorFn: (row: T) => column.sortValue?.(row) ?? "",
    enableSorting: manualSorting ? Boolean(column.sortable) : Boolean(column.sortable ?? column.sortValue),
    sortDescFirst: column.descFirst ?? false,
    sortUndefined: "last",
    size: column.size ?? 150,
  }));
}

function sortIcon(sorted: false | "asc" | "desc"): string {
  return sorted === false ? "↕" : sorted === "desc" ? "▼" : "▲";
}

export function DataTable<T extends RowData>({
  caption,
  columns,
  data,
  rowId,
  sort,
  onSortChange,
  manualSorting = false,
  selection,
  rowHref,
  rowClassName,
  className,
  wide = false,
  labelledBy,
  empty,
}: Props<T>) {
  const columnDefs = useMemo(() => {
    const defs = toColumnDefs(columns, manualSorting);
    if (!selection) return defs;
    const select: ColumnDef<Features, T, unknown> = { id: SELECT_ID, header: t("Select"), size: 44, enableSorting: false };
    return [select, ...defs];
  }, [columns, manualSorting, selection]);

  const selected = selection?.selected ?? EMPTY_SELECTION;
  const rowSelection = useMemo(() => toRowSelection(selected), [selected]);
  const controlledSort = sort !== undefined;
  const table = useTable({
    features,
    columns: columnDefs,
    data,
    getRowId: rowId,
    manualSorting,
    enableSortingRemoval: false,
    enableMultiSort: false,
    enableRowSelection: Boolean(selection),
    // Shift-ranges would reach rows of other pages the server never sent.
    enableRowRangeSelection: false,
    ...(controlledSort ? { state: { sorting: toSortingState(sort), rowSelection } } : { state: { rowSelection } }),
    onSortingChange: (updater: Updater<SortingState>) => {
      if (!controlledSort) return;
      onSortChange?.(fromSortingState(functionalUpdate(updater, toSortingState(sort))));
    },
    onRowSelectionChange: (updater: Updater<RowSelectionState>) => {
      selection?.onChange(fromRowSelection(functionalUpdate(updater, rowSelection)));
    },
  });

  const leafColumns = table.getAllLeafColumns();
  const sizes = leafColumns.map((column) => column.getSize());
  const widths = columnWidths(sizes);
  const minWidth = { "--data-table-min": `${tableMinWidth(sizes)}px` } as CSSProperties;
  const byId = new Map(columns.map((column) => [column.id, column]));

  const openRow = (href: string) => (event: MouseEvent<HTMLTableRowElement>) => {
    const target = event.target as Element;
    const onControl = Boolean(target.closest?.(CONTROL_SELECTOR));
    const click = {
      onControl,
      selectedText: window.getSelection()?.toString() ?? "",
      button: event.button,
      modified: event.ctrlKey || event.metaKey || event.shiftKey || event.altKey,
    };
    if (shouldOpenRow(click)) window.location.assign(href);
  };

  const rows = table.getRowModel().rows;
  const classes = ["table", "org-table", "data-table", wide ? "data-table--wide" : "", className ?? ""]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="table-wrap org-table-wrap">
      <table className={classes} aria-labelledby={labelledBy} style={minWidth}>
        <caption className="visually-hidden">{caption}</caption>
        <colgroup>
          {leafColumns.map((column, index) => (
            <col key={column.id} style={{ width: widths[index] }} />
          ))}
        </colgroup>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const spec = byId.get(header.column.id);
                if (header.column.id === SELECT_ID) {
                  return (
                    <th scope="col" key={header.id} className="org-table__select">
                      <span className="visually-hidden">{t("Select")}</span>
                    </th>
                  );
                }
                const sorted = header.column.getIsSorted();
                const canSort = header.column.getCanSort();
                return (
                  <th
                    scope="col"
                    key={header.id}
                    className={spec?.numeric ? "num" : undefined}
                    aria-sort={canSort ? (sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : "none") : undefined}
                  >
                    {spec?.hiddenHeader ? (
                      <span className="visually-hidden">{spec.header}</span>
                    ) : canSort ? (
                      <button type="button" className="org-sort" onClick={header.column.getToggleSortingHandler()}>
                        {spec?.header}
                        <span className="org-sort__icon" aria-hidden="true">
                          {sortIcon(sorted)}
                        </span>
                      </button>
                    ) : (
                      spec?.header
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {rows.map((row) => {
            const href = rowHref?.(row.original, row.index);
            const isSelected = row.getIsSelected();
            const rowClasses = [
              isSelected ? "org-table__row--selected" : "",
              href ? "data-table__row--link" : "",
              rowClassName?.(row.original) ?? "",
            ]
              .filter(Boolean)
              .join(" ");
            return (
              <tr key={row.id} className={rowClasses || undefined} onClick={href ? openRow(href) : undefined}>
                {row.getAllCells().map((cell) => {
                  if (cell.column.id === SELECT_ID && selection) {
                    return (
                      <td key={cell.id} className="org-table__select">
                        <label className="org-check">
                          <input type="checkbox" checked={isSelected} onChange={row.getToggleSelectedHandler()} />
                          <span className="visually-hidden">{selection.label(row.original)}</span>
                        </label>
                      </td>
                    );
                  }
                  const spec = byId.get(cell.column.id);
                  const label = spec?.label === undefined ? spec?.header : spec.label;
                  return (
                    <td
                      key={cell.id}
                      data-label={label ?? undefined}
                      className={[spec?.className, spec?.numeric ? "num" : ""].filter(Boolean).join(" ") || undefined}
                    >
                      {/* The page's column as it is now (its cells may read the page's state). */}
                      {spec?.cell(row.original, row.index)}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
      {rows.length === 0 && empty ? <p className="org-empty">{empty}</p> : null}
    </div>
  );
}

/**
 * A row's real link, for its first cell: what a keyboard or a screen reader opens (the click
 * on the row is only a convenience). A long address is cut with an ellipsis, whole in `title`.
 */
export function RowLink({ href, text, name }: { href: string; text: string; name?: string }) {
  return (
    <a className="data-table__link data-table__truncate" href={href} title={text} aria-label={name}>
      {text}
    </a>
  );
}

/** Text cut with an ellipsis at the cell's edge, whole in its `title` (an address, a school). */
export function Truncated({ text }: { text: string }) {
  return (
    <span className="data-table__truncate" title={text}>
      {text}
    </span>
  );
}
