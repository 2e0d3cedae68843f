// The 12 statistics cards (and the check-in's two). Each counter counts one of
// the server's named selections, and the page's props carry each card's filters in the one
// filter language of applications (`{"selection": "confirmed", "host": "true"}`): the card's
// CSV and its rows in the table are what it counts, by the server's definition alone.
import type { SelectionFilters, StatKey } from "../../api/reports";
import { t } from "../../lib/i18n";

export type Scope = "all" | "host" | "other";

export interface StatGroup {
  id: "submitted" | "started" | "accepted" | "confirmed" | "declined" | "checked_in";
  title: string;
  description: string;
}

export interface StatCard {
  key: StatKey;
  group: StatGroup["id"];
  scope: Scope;
}

// English here (the catalog loads after this module); translated where they are shown.
export const STAT_GROUPS: StatGroup[] = [
  { id: "submitted", title: t.noop("Submitted applications"), description: t.noop("Every application past the draft stage.") },
  { id: "started", title: t.noop("Started, not submitted"), description: t.noop("Drafts saved but not yet submitted.") },
  {
    id: "accepted",
    title: t.noop("Accepted"),
    description: t.noop("Offered a place, in the first round or from the waitlist, and not answered yet."),
  },
  { id: "confirmed", title: t.noop("Confirmed"), description: t.noop("Said they will come, including those already checked in.") },
  { id: "declined", title: t.noop("Declined"), description: t.noop("Applicants who said they can no longer attend.") },
  { id: "checked_in", title: t.noop("Checked in"), description: t.noop("Confirmed applicants checked in at the event.") },
];

export const STAT_CARDS: StatCard[] = [
  { key: "total_applications", group: "submitted", scope: "all" },
  { key: "princeton_applications", group: "submitted", scope: "host" },
  { key: "non_princeton_applications", group: "submitted", scope: "other" },
  { key: "total_started", group: "started", scope: "all" },
  { key: "princeton_started", group: "started", scope: "host" },
  { key: "non_princeton_started", group: "started", scope: "other" },
  { key: "total_accepted", group: "accepted", scope: "all" },
  { key: "princeton_accepted", group: "accepted", scope: "host" },
  { key: "non_princeton_accepted", group: "accepted", scope: "other" },
  { key: "total_confirmed", group: "confirmed", scope: "all" },
  { key: "princeton_confirmed", group: "confirmed", scope: "host" },
  { key: "non_princeton_confirmed", group: "confirmed", scope: "other" },
  { key: "total_declined", group: "declined", scope: "all" },
  { key: "princeton_declined", group: "declined", scope: "host" },
  { key: "non_princeton_declined", group: "declined", scope: "other" },
  { key: "total_checked_in", group: "checked_in", scope: "all" },
  { key: "princeton_checked_in", group: "checked_in", scope: "host" },
  { key: "non_princeton_checked_in", group: "checked_in", scope: "other" },
];

export function groupOf(card: StatCard): StatGroup {
  const group = STAT_GROUPS.find((g) => g.id === card.group);
  if (!group) throw new Error(`Unknown statistics group ${card.group}`);
  return group;
}

export function scopeLabel(scope: Scope, hostSchool: string): string {
  if (scope === "all") return t("All schools");
  if (scope === "host") return hostSchool;
  return t("Other schools");
}

/** The card's human label, e.g. "Accepted · Princeton University". */
export function cardLabel(card: StatCard, hostSchool: string): string {
  return `${t(groupOf(card).title)} · ${scopeLabel(card.scope, hostSchool)}`;
}

/** A card's filters, as the server gave them; none (every application) if it gave none. */
export function cardFilters(card: StatCard, all: Partial<Record<StatKey, SelectionFilters>> | undefined): SelectionFilters {
  return all?.[card.key] ?? {};
}

/** The applications table showing a card's rows: the same filters, in the table's address. */
export function tableHref(filters: SelectionFilters): string {
  const query = new URLSearchParams(filters).toString();
  return query ? `/admin/users?${query}` : "/admin/users";
}

/** The file name offered when the server does not name the CSV. */
export function cardFilename(card: StatCard): string {
  return `${card.key}.csv`;
}
