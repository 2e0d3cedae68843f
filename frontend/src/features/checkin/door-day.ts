// Whether the door is open on an event day: check-in works on any day (a rehearsal, a late
// walk-in), but a volunteer scanning weeks before the event or days after it should be told,
// as each check-in counts for real. Pure, so each day is table-tested.
import { formatDate, t } from "../../lib/i18n";

export interface EventDays {
  /** The cycle's first and last day (ISO dates, UTC days). */
  start: string;
  end: string;
  /** The server's day (UTC), as the dashboard's windows read it. */
  today: string;
}

/** A day's ISO date `n` days from `iso`. */
function shifted(iso: string, n: number): string {
  const day = new Date(`${iso}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + n);
  return day.toISOString().slice(0, 10);
}

function longDay(iso: string): string {
  return formatDate(`${iso}T00:00:00Z`, { timeZone: "UTC", month: "long", day: "numeric", year: "numeric" });
}

/** The note above the scanner, or null on the event's days and the day either side of them
 *  (setting up the evening before, packing up the morning after). */
export function doorDayNote(days: EventDays | null | undefined): string | null {
  if (!days?.start || !days.end || !days.today) return null;
  if (days.today < shifted(days.start, -1)) {
    return t("The event starts on {date}: a check-in now counts all the same.", { date: longDay(days.start) });
  }
  if (days.today > shifted(days.end, 1)) {
    return t("The event ended on {date}: a check-in now counts all the same.", { date: longDay(days.end) });
  }
  return null;
}
