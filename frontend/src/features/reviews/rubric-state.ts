// The rubric editor's rows and their checks. The checks mirror the server's (PUT rubric) so an
// organizer sees every problem beside its field before saving; the server still has the last word
// (a criterion that already has scores can't be removed: its 409 message is shown as is).
import { t } from "../../lib/i18n";

export const MAX_CRITERIA = 10;
export const NAME_MAX = 60;
export const DESCRIPTION_MAX = 500;
export const SCALE_LIMIT = 100;
export const WEIGHT_LIMIT = 100;

export interface CriterionInput {
  id?: number;
  name: string;
  description: string;
  scale_min: number;
  scale_max: number;
  weight: number;
}

/** One editable row. `key` is stable while rows move (React's key, label ids). Numbers are kept
 * as typed, so a half-typed "1." or an empty box is not turned into 0 under the organizer's cursor. */
export interface CriterionRow {
  key: string;
  id?: number;
  name: string;
  description: string;
  scaleMin: string;
  scaleMax: string;
  weight: string;
}

export type RowField = "name" | "description" | "scaleMin" | "scaleMax" | "weight";
export type RowErrors = Partial<Record<RowField, string>>;

export interface RubricErrors {
  /** A problem of the whole list (too few, too many). */
  list: string | null;
  /** Per row key. */
  rows: Record<string, RowErrors>;
}

let counter = 0;
function newKey(): string {
  counter += 1;
  return `row-${counter}`;
}

export function rowsFrom(criteria: CriterionInput[]): CriterionRow[] {
  return criteria.map((c) => ({
    key: c.id !== undefined ? `id-${c.id}` : newKey(),
    id: c.id,
    name: c.name,
    description: c.description,
    scaleMin: String(c.scale_min),
    scaleMax: String(c.scale_max),
    weight: String(Number(c.weight)),
  }));
}

/** A new row at the end, on the default 1–10 scale with weight 1. */
export function addRow(rows: CriterionRow[]): CriterionRow[] {
  return [...rows, { key: newKey(), name: "", description: "", scaleMin: "1", scaleMax: "10", weight: "1" }];
}

export function removeRow(rows: CriterionRow[], key: string): CriterionRow[] {
  return rows.filter((row) => row.key !== key);
}

/** The row moved one place up (-1) or down (+1); unchanged at either end. */
export function moveRow(rows: CriterionRow[], key: string, delta: -1 | 1): CriterionRow[] {
  const from = rows.findIndex((row) => row.key === key);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= rows.length) return rows;
  const next = [...rows];
  [next[from], next[to]] = [next[to], next[from]];
  return next;
}

export function updateRow(rows: CriterionRow[], key: string, field: RowField, value: string): CriterionRow[] {
  return rows.map((row) => (row.key === key ? { ...row, [field]: value } : row));
}

const INTEGER = /^-?\d+$/;
const DECIMAL = /^\d+(\.\d{1,2})?$/;

/** Every problem of the list, by row and field; empty when it can be saved. */
export function validateRows(rows: CriterionRow[]): RubricErrors {
  const errors: RubricErrors = { list: null, rows: {} };
  if (rows.length === 0) errors.list = t("Add at least one criterion.");
  else if (rows.length > MAX_CRITERIA) errors.list = t("A rubric has at most {count} criteria.", { count: MAX_CRITERIA });

  const seen = new Map<string, number>();
  rows.forEach((row) => {
    const key = row.name.trim().toLowerCase();
    if (key) seen.set(key, (seen.get(key) ?? 0) + 1);
  });

  for (const row of rows) {
    const e: RowErrors = {};
    const name = row.name.trim();
    if (!name) e.name = t("Give the criterion a name.");
    else if (name.length > NAME_MAX) e.name = t("At most {count} characters.", { count: NAME_MAX });
    else if ((seen.get(name.toLowerCase()) ?? 0) > 1) e.name = t("Two criteria can't share a name.");
    if (row.description.length > DESCRIPTION_MAX) e.description = t("At most {count} characters.", { count: DESCRIPTION_MAX });

    const min = row.scaleMin.trim();
    const max = row.scaleMax.trim();
    const minOk = INTEGER.test(min) && Number(min) >= 0 && Number(min) <= SCALE_LIMIT;
    const maxOk = INTEGER.test(max) && Number(max) >= 0 && Number(max) <= SCALE_LIMIT;
    if (!minOk) e.scaleMin = t("A whole number from {min} to {max}.", { min: 0, max: SCALE_LIMIT });
    if (!maxOk) e.scaleMax = t("A whole number from {min} to {max}.", { min: 0, max: SCALE_LIMIT });
    if (minOk && maxOk && Number(min) >= Number(max)) e.scaleMax = t("The highest score must be above the lowest.");

    const weight = row.weight.trim();
    if (!DECIMAL.test(weight) || Number(weight) <= 0 || Number(weight) > WEIGHT_LIMIT)
      e.weight = t("A number above 0, at most {max} (two decimals).", { max: WEIGHT_LIMIT });

    if (Object.keys(e).length) errors.rows[row.key] = e;
  }
  return errors;
}

export function hasErrors(errors: RubricErrors): boolean {
  return errors.list !== null || Object.keys(errors.rows).length > 0;
}

/** What PUT rubric takes, in the order shown (the order is the criteria's position). */
export function toPayload(rows: CriterionRow[]): CriterionInput[] {
  return rows.map((row) => ({
    ...(row.id !== undefined ? { id: row.id } : {}),
    name: row.name.trim(),
    description: row.description.trim(),
    scale_min: Number(row.scaleMin),
    scale_max: Number(row.scaleMax),
    weight: Number(row.weight.trim()),
  }));
}

/** The server's field errors of a 400 (keys like "criteria.1.name") placed on their rows. */
export function serverRowErrors(rows: CriterionRow[], fieldErrors: Record<string, string>): Record<string, RowErrors> {
  const fields: Record<string, RowField> = {
    name: "name",
    description: "description",
    scale_min: "scaleMin",
    scale_max: "scaleMax",
    weight: "weight",
  };
  const out: Record<string, RowErrors> = {};
  for (const [path, message] of Object.entries(fieldErrors)) {
    const match = path.match(/^criteria\.(\d+)\.(\w+)$/);
    if (!match) continue;
    const row = rows[Number(match[1])];
    const field = fields[match[2]];
    if (!row || !field) continue;
    out[row.key] = { ...out[row.key], [field]: message };
  }
  return out;
}
