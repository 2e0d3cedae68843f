// The admin home: where the cycle stands (status and the next deadline, counting down), the
// funnel of its applicants (each number opens the table filtered to it), what needs doing
// next, and the tools grouped by the order of the work.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState, type ReactNode } from "react";
import { homeApi, type AdminHome as HomeData, type FunnelStage } from "../../api/home";
import { LoadError } from "../../components/load-error";
import { Spinner } from "../../components/spinner";
import { formatDate, formatNumber, t } from "../../lib/i18n";
import { queryKeys } from "../../lib/query-keys";
import { countdown, groupCards, openTodos, share, type ToolCard } from "./home-state";
import { fromPage } from "../../lib/query";


function useNow(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

function Deadline({ deadline }: { deadline: HomeData["next_deadline"] }) {
  const now = useNow(30_000);
  if (!deadline) return <p className="home-status__deadline">{t("Every date of this cycle has passed.")}</p>;
  const at = new Date(deadline.at);
  const left = countdown(at, now);
  const date = formatDate(at, { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
  return (
    <p className="home-status__deadline">
      <span className="home-status__label">{t("Next: {label}", { label: deadline.label })}</span>{" "}
      <time dateTime={deadline.at}>{date}</time>{" "}
      <strong className="home-status__countdown">{left.passed ? t("now") : t("in {time}", { time: left.text })}</strong>
    </p>
  );
}

function Stage({ stage, base }: { stage: FunnelStage; base: number }) {
  const percent = share(stage.count, base);
  return (
    <li className="home-funnel__stage">
      {/* The visible words are the link's name (so speech input can say them); where it goes is
          said after them, for screen readers only. */}
      <a href={stage.href} className="home-funnel__link">
        <span className="home-funnel__label">{stage.label}</span>{" "}
        <span className="home-funnel__count">{formatNumber(stage.count)}</span>{" "}
        {percent ? <span className="home-funnel__share muted">{percent}</span> : null}
        <span className="visually-hidden"> {t("Open in the table")}</span>
      </a>
    </li>
  );
}

export function AdminHome({ cards, initial, children }: { cards: ToolCard[]; initial?: HomeData; children?: ReactNode }) {
  // The page brings the numbers (apps/cockpit/pages.py): fetched after it, they pushed the tools
  // down once those were on the screen. Without them (a test, an older page), they are fetched.
  const home = useQuery({
    queryKey: queryKeys.adminHome,
    queryFn: homeApi.home,
    ...fromPage(initial),
  });
  const groups = groupCards(cards);
  const data = home.data;
  const started = data?.funnel[0]?.count ?? 0;
  const todos = data ? openTodos(data.todos) : [];
  return (
    <div className="stack home">
      <header className="home-header">
        <h1>{t("Admin Panel")}</h1>
        {data ? (
          <section className="home-status" aria-label={t("Cycle status")}>
            <p className="home-status__cycle">
              {data.cycle.name} · <span className={`badge home-status__badge--${data.cycle.status}`}>{data.cycle.status_label}</span>
            </p>
            <Deadline deadline={data.next_deadline} />
          </section>
        ) : null}
      </header>
      {home.isError ? (
        <LoadError message={t("The cycle's numbers could not be loaded.")} onRetry={() => void home.refetch()} />
      ) : !data ? (
        <Spinner label={t("Loading the cycle's numbers…")} />
      ) : (
        <div className="home-overview">
          <section className="card home-funnel" aria-labelledby="home-funnel-title">
            <h2 id="home-funnel-title">{t("Applicants")}</h2>
            <p className="muted home-funnel__registered">
              {t.plural(data.registered.count, { one: "{count} registered", other: "{count} registered" }, { count: formatNumber(data.registered.count) })} ·{" "}
              <a href={data.registered.href}>
                {t.plural(data.registered.never_started, { one: "{count} never started", other: "{count} never started" }, {
                  count: formatNumber(data.registered.never_started),
                })}
              </a>
            </p>
            <ol className="home-funnel__stages" aria-label={t("Funnel")}>
              {data.funnel.map((stage) => (
                <Stage key={stage.key} stage={stage} base={started} />
              ))}
            </ol>
            <ul className="home-funnel__beside" aria-label={t("Beside the funnel")}>
              {data.beside.map((stage) => (
                <Stage key={stage.key} stage={stage} base={started} />
              ))}
            </ul>
          </section>
          <section className="card home-todos" aria-labelledby="home-todos-title">
            <h2 id="home-todos-title">{t("To do")}</h2>
            {todos.length === 0 ? (
              <p className="muted">{t("Nothing waiting. Every count below is up to date.")}</p>
            ) : (
              <ul className="home-todos__list">
                {todos.map((todo) => (
                  <li key={todo.key}>
                    <a href={todo.href}>
                      {todo.key === "ranking_stale" ? todo.label : (
                        <>
                          <strong>{formatNumber(todo.count)}</strong> {todo.label}
                        </>
                      )}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
      {children}
      {groups.map((group, index) => (
        <section key={group.title} className="home-group" aria-labelledby={`home-group-${index}`}>
          <h2 id={`home-group-${index}`} className="home-group__title">
            {group.title}
          </h2>
          <ul className="card-grid" aria-label={group.title}>
            {group.cards.map((card) => (
              <li key={card.href}>
                <a className="card card--link" href={card.href}>
                  <h3>{card.title}</h3>
                  <p className="muted">{card.description}</p>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
