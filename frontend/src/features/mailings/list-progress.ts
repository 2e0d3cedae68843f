// The mailings list follows its mail without a Refresh button: how often to ask again, and what
// a mailing being sent shows. Pure, table-tested in list-progress.test.ts.
import type { Mailing } from "../../api/mailings";
import { t } from "../../lib/i18n";
import { POLL_MS, addSample, etaText, secondsLeft, type Sample } from "../../lib/progress";

/** Scheduled this soon (or already due): the list asks as often as while sending. */
export const SOON_MS = 5 * 60 * 1000;
/** Scheduled later: asked once a minute, so it still turns to "Sending" on its own. */
export const LATER_MS = 60 * 1000;

/** How long until the list asks again, or false when nothing is waiting or going out. */
export function listPollMs(mailings: Pick<Mailing, "status" | "send_at">[], now: number): number | false {
  if (mailings.some((m) => m.status === "sending")) return POLL_MS;
  const waiting = mailings.filter((m) => m.status === "scheduled");
  if (!waiting.length) return false;
  const soon = waiting.some((m) => new Date(m.send_at).getTime() - now <= SOON_MS);
  return soon ? POLL_MS : LATER_MS;
}

/** Each mailing's samples, with the answer that just arrived added. */
export function withSamples(
  previous: Map<number, Sample[]>,
  mailings: Pick<Mailing, "id" | "sent" | "failed">[],
  at: number,
): Map<number, Sample[]> {
  const next = new Map<number, Sample[]>();
  for (const m of mailings) next.set(m.id, addSample(previous.get(m.id) ?? [], { at, done: m.sent + m.failed }));
  return next;
}

/** "120 of 400 sent · 3 failed · about 2 min left". */
export function sendingText(mailing: Pick<Mailing, "recipients" | "sent" | "failed">, samples: Sample[]): string {
  const parts = [
    t.plural(mailing.recipients, { one: "{sent} of {count} recipient sent", other: "{sent} of {count} recipients sent" }, { sent: mailing.sent }),
  ];
  if (mailing.failed) parts.push(t("{n} failed", { n: mailing.failed }));
  const eta = etaText(secondsLeft(samples, mailing.recipients - mailing.sent - mailing.failed));
  if (eta) parts.push(eta);
  return parts.join(" · ");
}
