// The 12 statistics cards of spec section 3 (and the check-in's two, issue 13) and the export
// filters of spec section 7.
import type { ExportFilters, FilterValue, StatKey } from "../../api/reports";

export type Scope = "all" | "host" | "other";

export interface StatGroup {
  id: "submitted" | "started" | "accepted" | "confirmed" | "declined" | "checked_in";
  title: string;
  description: string;
  status: FilterValue;
}

export interface StatCard {
  key: StatKey;
  group: StatGroup["id"];
  scope: Scope;
}

export const STAT_GROUPS: StatGroup[] = [
  {
    id: "submitted",
    title: "Submitted applications",
    description: "Every application past the draft stage.",
    status: { $ne: "started" },
  },
  { id: "started", title: "Started, not submitted", description: "Drafts saved but not yet submitted.", status: "started" },
  {
    id: "accepted",
    title: "Accepted",
    description: "Accepted in the first round or from the waitlist.",
    status: { $in: ["accepted", "waitlist_accepted"] },
  },
  { id: "confirmed", title: "Confirmed", description: "Accepted applicants who confirmed they will attend.", status: "confirmed" },
  { id: "declined", title: "Declined", description: "Applicants who said they can no longer attend.", status: "declined" },
  { id: "checked_in", title: "Checked in", description: "Confirmed applicants checked in at the event.", status: "checked_in" },
];

export const STAT_CARDS: StatCard[] = [
  { key: "total_applications", group: "submitted", scope: "all" },
  { key: "princeton_applications", group: "submitted", scope: "host" },
  { key: "non_princeton_applications", group: "submitted", scope: "other" },
  { key: "total_started", group: "started", scope: "all" },
  { key: "princeton_started", group: "started", scope: "host" },
  { key: "non_princeton_started", group: "started", scope: "other" },
  { key: "princeton_accepted", group: "accepted", scope: "host" },
  { key: "non_princeton_accepted", group: "accepted", scope: "other" },
  { key: "princeton_confirmed", group: "confirmed", scope: "host" },
  { key: "non_princeton_confirmed", group: "confirmed", scope: "other" },
  { key: "princeton_declined", group: "declined", scope: "host" },
  { key: "non_princeton_declined", group: "declined", scope: "other" },
  { key: "princeton_checked_in", group: "checked_in", scope: "host" },
  { key: "non_princeton_checked_in", group: "checked_in", scope: "other" },
];

export function groupOf(card: StatCard): StatGroup {
  const group = STAT_GROUPS.find((g) => g.id === card.group);
  if (!group) throw new Error(`Unknown statistics group ${card.group}`);
  return group;
}

export function scopeLabel(scope: Scope, hostSchool: string): string {
  if (scope === "all") return "All schools";
  if (scope === "host") return hostSchool;
  return "Other schools";
}

/** The card's human label, e.g. "Accepted · Princeton University". */
export function cardLabel(card: StatCard, hostSchool: string): string {
  return `${groupOf(card).title} · ${scopeLabel(card.scope, hostSchool)}`;
}

/** The export filters of a card: its status filter, plus the school filter of its scope. */
export function cardFilters(card: StatCard, hostSchool: string): ExportFilters {
  const filters: ExportFilters = { status: groupOf(card).status };
  if (card.scope === "host") filters.school = hostSchool;
  if (card.scope === "other") filters.school = { $ne: hostSchool };
  return filters;
}

/** The file name offered when the server does not name the CSV. */
export function cardFilename(card: StatCard): string {
  return `${card.key}.csv`;
}
