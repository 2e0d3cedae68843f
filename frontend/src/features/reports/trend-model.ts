// The statistics' trend over time: applications submitted per day and in all. Pure, table-tested
// in trend-model.test.ts; the chart (charts.tsx) and its accessible summary use these.
import type { TrendDay } from "../../api/reports";
import { formatDate, formatNumber, t } from "../../lib/i18n";

/** "Nov 3": a day's short label on the chart's axis (the days are calendar days, in UTC). */
export function dayLabel(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return formatDate(date, { timeZone: "UTC", month: "short", day: "numeric" });
}

export interface TrendFacts {
  total: number;
  days: number;
  /** The busiest day and its count (the first such day when several tie). */
  peak: { date: string; submitted: number } | null;
  /** The average per day over the days shown, one decimal. */
  perDay: number;
  first: string | null;
  last: string | null;
}

export function trendFacts(days: TrendDay[]): TrendFacts {
  if (!days.length) return { total: 0, days: 0, peak: null, perDay: 0, first: null, last: null };
  const peak = days.reduce((best, d) => (d.submitted > best.submitted ? d : best), days[0]);
  const total = days[days.length - 1].cumulative;
  return {
    total,
    days: days.length,
    peak: { date: peak.date, submitted: peak.submitted },
    perDay: Math.round((total / days.length) * 10) / 10,
    first: days[0].date,
    last: days[days.length - 1].date,
  };
}

/** The chart's accessible name: what a sighted reader takes from it at a glance. */
export function trendSummary(days: TrendDay[]): string {
  const facts = trendFacts(days);
  if (!facts.peak || !facts.first || !facts.last) return t("Applications over time: none submitted yet.");
  const vars = {
    total: formatNumber(facts.total),
    first: dayLabel(facts.first),
    last: dayLabel(facts.last),
    peak: dayLabel(facts.peak.date),
    peakCount: formatNumber(facts.peak.submitted),
  };
  return facts.first === facts.last
    ? t("Applications over time: {total} submitted on {first}, busiest on {peak} with {peakCount}.", vars)
    : t("Applications over time: {total} submitted from {first} to {last}, busiest on {peak} with {peakCount}.", vars);
}
