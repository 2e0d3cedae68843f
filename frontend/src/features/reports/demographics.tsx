import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { reportsApi, type DemographicGroup, type DemographicQuestion } from "../../api/reports";
import { ReportHeader } from "../../components/page-header";
import { LoadError } from "../../components/load-error";
import { Spinner } from "../../components/spinner";
import { queryKeys } from "../../lib/query-keys";
import { BarFigure, PieFigure, prefersReducedMotion, useWidth } from "./lazy-charts";
import { formatNumber, t } from "../../lib/i18n";

export { PALETTE } from "./chart-model";

export interface DemographicsProps {
  /** Each group is one of the server's named selections; `description` says who it holds. */
  groups: { value: DemographicGroup; label: string; description?: string }[];
  initialGroup: DemographicGroup;
  cycle?: string;
  /** The questions counted, in order, as the page was drawn: the sidebar lists them at once. */
  questions?: { question_id: string; question_text: string }[];
}

/** Bars where answers are many or ordered (numbers, multiselects, schools, countries); a pie
 *  for a handful of exclusive choices. */
export function chartKind(type: string): "bar" | "pie" {
  return ["numeric", "multiselect", "country", "school"].includes(type) ? "bar" : "pie";
}

export function chartSummary(question: DemographicQuestion): string {
  const total = question.data.reduce((n, d) => n + d.count, 0);
  if (!total) return t("{question}: no data available.", { question: question.question_text });
  const parts = [...question.data]
    .sort((a, b) => b.count - a.count)
    .map((d) => `${d.label} ${formatNumber(d.count)}`)
    .join(", ");
  const vars = { question: question.question_text, parts };
  return chartKind(question.question_type) === "bar"
    ? t("Bar chart of {question}: {parts}.", vars)
    : t("Pie chart of {question}: {parts}.", vars);
}

function anchorOf(questionId: string): string {
  return `chart-${questionId.replace(/[^A-Za-z0-9_-]/g, "-")}`;
}

function Chart({ question }: { question: DemographicQuestion }) {
  const animate = !prefersReducedMotion();
  const kind = chartKind(question.question_type);
  const data = question.data.filter((d) => d.count > 0 || kind === "bar");
  const total = question.data.reduce((n, d) => n + d.count, 0);
  const id = anchorOf(question.question_id);
  const [figureRef, width] = useWidth<HTMLElement>();
  return (
    <section id={id} className="card chart-card" aria-labelledby={`${id}-title`} tabIndex={-1}>
      <h2 id={`${id}-title`} className="chart-card__title">
        {question.question_text}
      </h2>
      {total === 0 ? (
        <p className="muted chart-card__empty">{t("No data available.")}</p>
      ) : (
        <>
          <figure ref={figureRef} className="chart-card__figure" role="img" aria-label={chartSummary(question)}>
            {width > 0 ? (
              kind === "bar" ? (
                <BarFigure data={data} width={width} animate={animate} />
              ) : (
                <PieFigure data={data} width={width} animate={animate} />
              )
            ) : null}
          </figure>
          {/* A table ignores width: 1px, so the hiding wrapper is a div. */}
          <div className="visually-hidden">
            <table>
              <caption>{question.question_text}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("Answer")}</th>
                  <th scope="col">{t("Applicants")}</th>
                </tr>
              </thead>
              <tbody>
                {question.data.map((d) => (
                  <tr key={d.label}>
                    <th scope="row">{d.label}</th>
                    <td>{formatNumber(d.count)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

export function Demographics({ groups, initialGroup, cycle, questions: listed }: DemographicsProps) {
  const [group, setGroup] = useState<DemographicGroup>(initialGroup);
  // Another group keeps the charts on screen (dimmed) until its answer arrives.
  const query = useQuery({
    queryKey: queryKeys.demographics(group),
    queryFn: () => reportsApi.demographics(group),
    placeholderData: keepPreviousData,
  });
  const questions = query.data ?? null;
  // The page's list until the counts arrive (the same questions, in the same order).
  const sidebar = questions ?? listed ?? [];
  const loading = query.isFetching;
  const error = query.isError;

  function choose(value: DemographicGroup) {
    setGroup(value);
    const url = new URL(window.location.href);
    url.searchParams.set("group", value);
    window.history.replaceState(null, "", url);
  }

  const groupLabel = groups.find((g) => g.value === group)?.label ?? group;
  const groupDescription = groups.find((g) => g.value === group)?.description;

  return (
    <div className="stack reports">
      <ReportHeader title={t("Demographics")}>
        <p className="muted">
          {cycle ? `${t("{cycle} cycle.", { cycle })} ` : ""}
          {t("Answers to the survey questions, counted from the applications.")}
        </p>
      </ReportHeader>
      <div className="demographics">
        <aside className="demographics__sidebar card" aria-label={t("Demographics filters")}>
          <div role="group" aria-labelledby="demographics-group-label" className="stack">
            <p id="demographics-group-label" className="label">
              {t("Applicants")}
            </p>
            <div className="segmented">
              {groups.map((g) => (
                <button
                  key={g.value}
                  type="button"
                  className="segmented__option"
                  aria-pressed={g.value === group}
                  onClick={() => choose(g.value)}
                >
                  {g.label}
                </button>
              ))}
            </div>
            {groupDescription ? <p className="muted field__hint">{groupDescription}</p> : null}
          </div>
          <nav aria-label={t("Survey questions")} className="demographics__questions">
            <p className="label">{t("Survey questions")}</p>
            {sidebar.length ? (
              <ul>
                {sidebar.map((q) => (
                  <li key={q.question_id}>
                    <a
                      href={`#${anchorOf(q.question_id)}`}
                      onClick={(event) => {
                        const target = document.getElementById(anchorOf(q.question_id));
                        if (!target) return;
                        event.preventDefault();
                        target.scrollIntoView({ behavior: "smooth", block: "start" });
                        target.focus({ preventScroll: true });
                      }}
                    >
                      {q.question_text}
                    </a>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">{loading ? t("Loading…") : t("None.")}</p>
            )}
          </nav>
        </aside>
        <div className="demographics__charts" aria-busy={loading || undefined}>
          <h2 className="visually-hidden" aria-live="polite">
            {t("{group} applicants", { group: groupLabel })}
          </h2>
          {error ? (
            <LoadError message={t("The demographics could not be loaded.")} onRetry={() => void query.refetch()} />
          ) : questions === null ? (
            <div className="reports__loading">
              <Spinner label={t("Loading demographics…")} />
            </div>
          ) : questions.length === 0 ? (
            <p className="muted empty-note">{t("The question set has no survey questions (yes/no, choice or number).")}</p>
          ) : (
            <div className={`chart-grid${loading ? " chart-grid--stale" : ""}`}>
              {questions.map((q) => (
                <Chart key={`${group}-${q.question_id}`} question={q} />
              ))}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
