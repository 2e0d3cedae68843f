// The admin home's pure logic: the countdown's words, the order of the work's cards, and which
// to-dos still need doing. Table-tested in home-state.test.ts.
import { formatNumber, t } from "../../lib/i18n";

export interface Countdown {
  /** "3 days 4 hours", "5 hours 12 minutes", "under a minute"; "passed" once it is. */
  text: string;
  passed: boolean;
}

// Each unit its own literal plural, so the catalog has every form of it.
const day = (n: number) => t.plural(n, { one: "{count} day", other: "{count} days" });
const hour = (n: number) => t.plural(n, { one: "{count} hour", other: "{count} hours" });
const minute = (n: number) => t.plural(n, { one: "{count} minute", other: "{count} minutes" });
const pair = (first: string, second: string) => t("{first} {second}", { first, second });

/** The time left until `at` from `now`, in the two largest units that matter. */
export function countdown(at: Date, now: Date): Countdown {
  const ms = at.getTime() - now.getTime();
  if (ms <= 0) return { text: t("passed"), passed: true };
  const minutes = Math.floor(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return { text: hours ? pair(day(days), hour(hours)) : day(days), passed: false };
  if (hours > 0) return { text: mins ? pair(hour(hours), minute(mins)) : hour(hours), passed: false };
  if (mins > 0) return { text: minute(mins), passed: false };
  return { text: t("under a minute"), passed: false };
}

export interface ToolCard {
  title: string;
  href: string;
  description: string;
}

export interface CardGroup {
  title: string;
  cards: ToolCard[];
}

/** The tools grouped by the order of the work; a tool the server doesn't offer is left out,
 * and one no group names lands in "More" so nothing offered disappears. The titles are English
 * here (the catalog loads after this module) and translated by groupCards. */
export const GROUPS: { title: string; hrefs: string[] }[] = [
  { title: t.noop("Applications"), hrefs: ["/admin/users", "/admin/createapp", "/admin/whitelist-emails"] },
  { title: t.noop("Reviewing"), hrefs: ["/admin/rubric", "/admin/assignapps", "/admin/reviewapps", "/admin/ranking"] },
  { title: t.noop("Decisions and mail"), hrefs: ["/admin/batch", "/admin/config", "/admin/automated-emails", "/admin/integrations"] },
  { title: t.noop("Event"), hrefs: ["/checkin", "/admin/travel", "/admin/resumebook"] },
  { title: t.noop("People"), hrefs: ["/admin/administrators"] },
  { title: t.noop("Reports"), hrefs: ["/admin/stats", "/admin/demographics"] },
];

export function groupCards(cards: ToolCard[]): CardGroup[] {
  const byHref = new Map(cards.map((card) => [card.href, card]));
  const placed = new Set<string>();
  const groups: CardGroup[] = [];
  for (const group of GROUPS) {
    const found = group.hrefs.flatMap((href) => {
      const card = byHref.get(href);
      if (!card) return [];
      placed.add(href);
      return [card];
    });
    if (found.length) groups.push({ title: t(group.title), cards: found });
  }
  const rest = cards.filter((card) => !placed.has(card.href));
  if (rest.length) groups.push({ title: t("More"), cards: rest });
  return groups;
}

export interface Todo {
  key: string;
  label: string;
  count: number;
  href: string;
  done: boolean;
}

/** The to-dos still open, in the server's order (the order of the work). */
export function openTodos(todos: Todo[]): Todo[] {
  return todos.filter((todo) => !todo.done);
}

/** A share of the funnel's first stage, as a whole percentage ("42%"); "" with nothing to share. */
export function share(count: number, of: number): string {
  if (of <= 0) return "";
  return formatNumber(Math.round((count / of) * 100) / 100, { style: "percent" });
}
