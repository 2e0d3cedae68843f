// The configuration page after a release: how far the decision emails have gone, read from the
// outbox and asked again every few seconds while some are still to go, then no more.
import { useQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { organizerApi, type ReleaseProgress as Progress } from "../../api/organizer";
import { Alert } from "../../components/alert";
import { ProgressBar } from "../../components/progress-bar";
import { t } from "../../lib/i18n";
import { addSample, etaText, POLL_MS, secondsLeft, type Sample } from "../../lib/progress";
import { queryKeys } from "../../lib/query-keys";

/** The words beside the bar: the count, what failed, and the time left while it goes on. */
export function releaseProgressText(progress: Progress, samples: Sample[]): string {
  const parts = [t.plural(progress.total, { one: "{sent} of {count} email sent", other: "{sent} of {count} emails sent" }, { sent: progress.sent })];
  if (progress.failed) parts.push(t("{n} failed", { n: progress.failed }));
  if (progress.pending) {
    const eta = etaText(secondsLeft(samples, progress.pending));
    parts.push(eta || t("{n} to go", { n: progress.pending }));
  }
  return parts.join(" · ");
}

export function ReleaseProgress({ released }: { released: boolean }) {
  // Each answer's count and when it came: the pace that gives the time left.
  const samples = useRef<Sample[]>([]);
  const query = useQuery({
    queryKey: queryKeys.releaseProgress,
    queryFn: async () => {
      const progress = await organizerApi.releaseProgress();
      samples.current = addSample(samples.current, { at: Date.now(), done: progress.sent + progress.failed });
      return progress;
    },
    enabled: released,
    // While a worker still has emails to send, follow them; once none is pending, stop asking.
    refetchInterval: (q) => ((q.state.data?.pending ?? 0) > 0 ? POLL_MS : false),
  });
  const progress = query.data;
  if (!released || !progress || progress.total === 0) return null;
  const done = progress.pending === 0;
  return (
    <section className="card stack release-progress" aria-labelledby="release-progress-title">
      <h2 id="release-progress-title">{t("Decision emails")}</h2>
      <ProgressBar
        label={done ? t("Every decision email has been handled") : t("Sending the decision emails")}
        text={releaseProgressText(progress, samples.current)}
        value={progress.sent}
        max={progress.total}
        failed={progress.failed}
      />
      {progress.failed ? (
        <Alert kind="error">
          {t.plural(progress.failed, {
            one: "{count} email could not be delivered after every retry. The Admin Panel's to-dos list the failing mail.",
            other: "{count} emails could not be delivered after every retry. The Admin Panel's to-dos list the failing mail.",
          })}
        </Alert>
      ) : null}
      {query.isError ? <Alert kind="error">{t("The emails' progress could not be loaded; it is asked again shortly.")}</Alert> : null}
      <p className="muted field__hint">{done ? t("Nothing is left to send.") : t("This updates by itself while emails are going out.")}</p>
    </section>
  );
}
