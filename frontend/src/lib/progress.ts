// Long work that shows how far it has gone: a share for the progress bar, and an estimate of
// the time left from the pace seen between polls. Pure, table-tested in progress.test.ts; the
// release, the mailings and the downloads use it. The "N of M sent" line is each page's own
// sentence (a plural of its noun), written where it is shown.
import { formatNumber, t } from "./i18n";

/** A count seen at a moment (ms since the epoch). */
export interface Sample {
  at: number;
  done: number;
}

/** How often a page asks again while work is under way. */
export const POLL_MS = 2000;

/** The samples to keep: the newest `limit`, and only those of the run that is still going (a
 *  count that went down starts the run again). */
export function addSample(samples: Sample[], next: Sample, limit = 10): Sample[] {
  const last = samples[samples.length - 1];
  if (last && next.done < last.done) return [next];
  if (last && next.done === last.done && next.at === last.at) return samples;
  return [...samples, next].slice(-limit);
}

/** Seconds left at the pace of the kept samples, or null while it can't be told (fewer than
 *  two samples, or nothing done between them). */
export function secondsLeft(samples: Sample[], remaining: number): number | null {
  if (remaining <= 0) return 0;
  if (samples.length < 2) return null;
  const first = samples[0];
  const last = samples[samples.length - 1];
  const done = last.done - first.done;
  const ms = last.at - first.at;
  if (done <= 0 || ms <= 0) return null;
  return Math.ceil((remaining * ms) / done / 1000);
}

/** "about 40 s left", "about 3 min left", "about 2 h left"; "" when unknown. In the page's
 *  language (the pages that show it load its strings). */
export function etaText(seconds: number | null): string {
  if (seconds === null) return "";
  if (seconds <= 0) return "";
  if (seconds < 60) return t("about {n} s left", { n: Math.max(5, Math.ceil(seconds / 5) * 5) });
  if (seconds < 3600) return t("about {n} min left", { n: Math.ceil(seconds / 60) });
  return t("about {n} h left", { n: formatNumber(Math.round(seconds / 360) / 10) });
}

/** "1.4 MB", "820 KB", "312 B": bytes received so far. */
export function bytesText(bytes: number): string {
  if (bytes < 1024) return `${formatNumber(bytes)} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(Math.round(bytes / 1024))} KB`;
  // The page's decimal separator ("1,4 MB" in Spanish).
  return `${formatNumber(bytes / 1024 / 1024, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`;
}
