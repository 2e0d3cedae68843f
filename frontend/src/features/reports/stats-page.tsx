import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { checkinApi } from "../../api/checkin";
import { reportsApi, type SelectionFilters, type StatKey, type Stats } from "../../api/reports";
import { ReportHeader } from "../../components/page-header";
import { LoadError } from "../../components/load-error";
import { Alert } from "../../components/alert";
import { Spinner } from "../../components/spinner";
import { queryKeys } from "../../lib/query-keys";
import { useSubmit } from "../../lib/use-submit";
import { TrendCard } from "./trend-card";
import { DownloadProgress, useDownloadProgress } from "../../components/download-progress";
import { saveFile } from "../../lib/save-file";
import {
  STAT_CARDS,
  STAT_GROUPS,
  cardFilename,
  cardFilters,
  cardLabel,
  scopeLabel,
  tableHref,
  type StatCard,
} from "./stat-cards";
import { formatNumber, t } from "../../lib/i18n";
import { fromPage } from "../../lib/query";

export interface StatsPageProps {
  hostSchool: string;
  cycle?: string;
  /** Each counter's filters (the server's named selection and school scope). */
  cardFilters?: Partial<Record<StatKey, SelectionFilters>>;
  /** The counts as the page was drawn (apps/reports/report_pages.py), the API's answer. */
  stats?: Stats;
}

type Notice = { kind: "error" | "success"; text: string } | null;

// The checkpoints' kinds (the server's values), in the page's words.
const KINDS: Record<string, string> = { meal: t.noop("Meal"), swag: t.noop("Swag"), other: t.noop("Other") };

/** The event's checkpoints (meals, swag…) and how many were scanned at each, live. */
function CheckpointStats() {
  const checkpoints = useQuery({
    queryKey: ["checkin-checkpoints"],
    queryFn: checkinApi.checkpoints,
    refetchInterval: 30_000,
  });
  const rows = checkpoints.data?.checkpoints ?? [];
  if (checkpoints.isError) return <Alert kind="error">{t("The checkpoints' counts could not be loaded.")}</Alert>;
  if (!rows.length) return null;
  return (
    <section className="stat-group" aria-labelledby="stat-group-checkpoints">
      <h2 id="stat-group-checkpoints">{t("At the event")}</h2>
      <p className="muted stat-group__description">{t("People scanned at each checkpoint: once per person.")}</p>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">{t("Checkpoint")}</th>
            <th scope="col">{t("Kind")}</th>
            <th scope="col">{t("Scanned")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((c) => (
            <tr key={c.id}>
              <td>{c.name}</td>
              <td>{KINDS[c.kind] ? t(KINDS[c.kind]) : c.kind}</td>
              <td>{formatNumber(c.passed)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function StatsPage({ hostSchool, cycle, cardFilters: filters, stats: initial }: StatsPageProps) {
  // The counts come with the page, so the cards are in its first render and nothing they push
  // down moves on the screen; the API is asked only without them (a test) or to refresh.
  const { data: stats, isError: loadError, refetch } = useQuery({
    queryKey: queryKeys.stats,
    queryFn: reportsApi.stats,
    ...fromPage(initial),
  });
  const download = useSubmit();
  // Which card the running download is for (its spinner); every card waits while one runs.
  const [exporting, setExporting] = useState<string | null>(null);
  const [downloaded, setDownloaded] = useState<string | null>(null);
  // The CSV streams as it is written: how much has arrived so far.
  const received = useDownloadProgress();

  async function exportCard(card: StatCard) {
    setExporting(card.key);
    setDownloaded(null);
    await download.run(async () => {
      // Named after the card ("Accepted · All schools"), its columns labelled with the question
      // text: the server names the file and writes the header for people.
      const query = { ...cardFilters(card, filters), name: cardLabel(card, hostSchool), headers: "text" };
      received.reset();
      try {
        saveFile(await reportsApi.exportCsv(query, cardFilename(card), received.track));
      } finally {
        received.reset();
      }
      setDownloaded(t("Downloaded {name} as CSV.", { name: cardLabel(card, hostSchool) }));
    }, () => t("Error downloading CSV"));
  }

  const notice: Notice = download.error
    ? { kind: "error", text: download.error }
    : downloaded
      ? { kind: "success", text: downloaded }
      : null;

  return (
    <div className="stack reports">
      <ReportHeader title={t("Statistics")}>
        <p className="muted">
          {cycle ? `${t("{cycle} cycle.", { cycle })} ` : ""}
          {t("Click a card to download its applications as a CSV file, or open them in the applications table.")}
        </p>
      </ReportHeader>
      {/* Kept in view (sticky): a card far down the page downloads, and its confirmation or
          error shows at the top of the screen, not off it where the page begins. */}
      <div aria-live="polite" className="reports__notice">
        {notice ? <Alert kind={notice.kind}>{notice.text}</Alert> : null}
      </div>
      {download.busy && exporting ? (
        <DownloadProgress
          label={t("Downloading {name}", { name: cardLabel(STAT_CARDS.find((c) => c.key === exporting) ?? STAT_CARDS[0], hostSchool) })}
          progress={received.progress ?? { received: 0, total: null }}
        />
      ) : null}
      {loadError ? (
        <LoadError message={t("Error fetching statistics")} onRetry={() => void refetch()} />
      ) : stats === undefined ? (
        <div className="reports__loading">
          <Spinner label={t("Loading statistics…")} />
        </div>
      ) : (
        STAT_GROUPS.map((group) => (
          <section key={group.id} className="stat-group" aria-labelledby={`stat-group-${group.id}`}>
            <h2 id={`stat-group-${group.id}`}>{t(group.title)}</h2>
            <p className="muted stat-group__description">{t(group.description)}</p>
            <ul className="stat-grid">
              {STAT_CARDS.filter((card) => card.group === group.id).map((card) => {
                const count = stats[card.key] ?? 0;
                const busy = download.busy && exporting === card.key;
                return (
                  <li key={card.key} className={`stat-grid__item stat-grid__item--${card.scope}`}>
                    <button
                      type="button"
                      className={`stat-card stat-card--${card.scope}`}
                      onClick={() => void exportCard(card)}
                      disabled={download.busy}
                      aria-busy={busy || undefined}
                      aria-label={t("{name}: {count}. Download CSV", { name: cardLabel(card, hostSchool), count: formatNumber(count) })}
                    >
                      {/* The visible words must appear, in order, in the aria-label (WCAG 2.5.3,
                          label in name): the scope comes first in the DOM (CSS shows the count
                          above it), and spaces keep the spans' words apart. */}
                      <span className="stat-card__scope">{scopeLabel(card.scope, hostSchool)}</span>{" "}
                      <span className="stat-card__count">{formatNumber(count)}</span>{" "}
                      <span className="stat-card__action" aria-hidden="true">
                        {/* A no-break space keeps the arrow with its word on a narrow card. */}
                        {busy ? t("Preparing CSV…") : t("Download CSV\u00a0↓")}
                      </span>
                    </button>
                    {/* The visible words start the name (WCAG 2.5.3); the card says which rows. */}
                    <a
                      className="stat-card__table"
                      href={tableHref(cardFilters(card, filters))}
                      aria-label={t("Show in table: {name}", { name: cardLabel(card, hostSchool) })}
                    >
                      {t("Show in table")}
                    </a>
                  </li>
                );
              })}
            </ul>
          </section>
        ))
      )}
      {/* Below the counts: the chart loads after the page, and grows to its height then; above
          them, it pushed every card down a third of a phone's screen once they were drawn. */}
      <TrendCard />
      <CheckpointStats />
    </div>
  );
}
