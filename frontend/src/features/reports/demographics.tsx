import { useEffect, useState } from "react";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { reportsApi, type DemographicGroup, type DemographicQuestion } from "../../api/reports";
import { Alert } from "../../components/alert";
import { Spinner } from "../../components/spinner";

/** Red shades, dark to light, each with enough contrast against the page's cream background. */
export const RED_SHADES = ["#7f1d1d", "#b91c1c", "#dc2626", "#ef4444", "#f87171", "#991b1b", "#c2410c", "#fca5a5"];

export interface DemographicsProps {
  groups: { value: DemographicGroup; label: string }[];
  initialGroup: DemographicGroup;
  cycle?: string;
}

export function chartKind(type: string): "bar" | "pie" {
  return type === "numeric" || type === "multiselect" ? "bar" : "pie";
}

export function chartSummary(question: DemographicQuestion): string {
  const total = question.data.reduce((n, d) => n + d.count, 0);
  if (!total) return `${question.question_text}: no data available.`;
  const parts = [...question.data]
    .sort((a, b) => b.count - a.count)
    .map((d) => `${d.label} ${d.count}`)
    .join(", ");
  return `${chartKind(question.question_type) === "bar" ? "Bar" : "Pie"} chart of ${question.question_text}: ${parts}.`;
}

function anchorOf(questionId: string): string {
  return `chart-${questionId.replace(/[^A-Za-z0-9_-]/g, "-")}`;
}

function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && Boolean(window.matchMedia?.("(prefers-reduced-motion: reduce)").matches);
}

function Chart({ question }: { question: DemographicQuestion }) {
  const animate = !prefersReducedMotion();
  const data = question.data.filter((d) => d.count > 0 || chartKind(question.question_type) === "bar");
  const total = question.data.reduce((n, d) => n + d.count, 0);
  const id = anchorOf(question.question_id);
  return (
    <section id={id} className="card chart-card" aria-labelledby={`${id}-title`} tabIndex={-1}>
      <h2 id={`${id}-title`} className="chart-card__title">
        {question.question_text}
      </h2>
      {total === 0 ? (
        <p className="muted chart-card__empty">No data available.</p>
      ) : (
        <>
          <figure className="chart-card__figure" role="img" aria-label={chartSummary(question)}>
            <ResponsiveContainer width="100%" height={300}>
              {chartKind(question.question_type) === "bar" ? (
                <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
                  <CartesianGrid strokeDasharray="3 3" stroke="#ead8cf" />
                  <XAxis dataKey="label" tick={{ fontSize: 12, fill: "#4a3b30" }} interval={0} angle={data.length > 5 ? -30 : 0} textAnchor={data.length > 5 ? "end" : "middle"} height={data.length > 5 ? 70 : 30} />
                  <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: "#4a3b30" }} width={40} />
                  <Tooltip cursor={{ fill: "rgba(185, 28, 28, 0.08)" }} />
                  <Bar
                    dataKey="count"
                    name="Applicants"
                    radius={[4, 4, 0, 0]}
                    isAnimationActive={animate}
                    animationDuration={500}
                  >
                    {data.map((d, i) => (
                      <Cell key={d.label} fill={RED_SHADES[i % RED_SHADES.length]} />
                    ))}
                  </Bar>
                </BarChart>
              ) : (
                <PieChart>
                  <Pie
                    data={data}
                    dataKey="count"
                    nameKey="label"
                    outerRadius="75%"
                    innerRadius="35%"
                    paddingAngle={1}
                    isAnimationActive={animate}
                    animationDuration={500}
                  >
                    {data.map((d, i) => (
                      <Cell key={d.label} fill={RED_SHADES[i % RED_SHADES.length]} stroke="#fffaf4" />
                    ))}
                  </Pie>
                  <Tooltip />
                  <Legend wrapperStyle={{ fontSize: 13 }} />
                </PieChart>
              )}
            </ResponsiveContainer>
          </figure>
          {/* A table ignores width: 1px, so the hiding wrapper is a div. */}
          <div className="visually-hidden">
            <table>
              <caption>{question.question_text}</caption>
              <thead>
                <tr>
                  <th scope="col">Answer</th>
                  <th scope="col">Applicants</th>
                </tr>
              </thead>
              <tbody>
                {question.data.map((d) => (
                  <tr key={d.label}>
                    <th scope="row">{d.label}</th>
                    <td>{d.count}</td>
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

export function Demographics({ groups, initialGroup, cycle }: DemographicsProps) {
  const [group, setGroup] = useState<DemographicGroup>(initialGroup);
  const [questions, setQuestions] = useState<DemographicQuestion[] | null>(null);
  const [error, setError] = useState(false);
  const [loading, setLoading] = useState(true);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setLoading(true);
    setError(false);
    reportsApi
      .demographics(group)
      .then((data) => {
        if (live) setQuestions(data);
      })
      .catch(() => {
        if (live) setError(true);
      })
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [group, attempt]);

  function choose(value: DemographicGroup) {
    setGroup(value);
    const url = new URL(window.location.href);
    url.searchParams.set("group", value);
    window.history.replaceState(null, "", url);
  }

  const groupLabel = groups.find((g) => g.value === group)?.label ?? group;

  return (
    <div className="stack reports">
      <header className="reports__header">
        <div>
          <h1>Demographics</h1>
          <p className="muted">{cycle ? `${cycle} cycle. ` : ""}Answers to the survey questions, counted from the applications.</p>
        </div>
        <a className="button button--secondary" href="/admin">
          Back to Admin Panel
        </a>
      </header>
      <div className="demographics">
        <aside className="demographics__sidebar card" aria-label="Demographics filters">
          <div role="group" aria-labelledby="demographics-group-label" className="stack">
            <p id="demographics-group-label" className="label">
              Applicants
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
          </div>
          <nav aria-label="Survey questions" className="demographics__questions">
            <p className="label">Survey questions</p>
            {questions && questions.length ? (
              <ul>
                {questions.map((q) => (
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
              <p className="muted">{loading ? "Loading…" : "None."}</p>
            )}
          </nav>
        </aside>
        <div className="demographics__charts" aria-busy={loading || undefined}>
          <h2 className="visually-hidden" aria-live="polite">
            {groupLabel} applicants
          </h2>
          {error ? (
            <div className="stack">
              <Alert kind="error">The demographics could not be loaded.</Alert>
              <button type="button" className="button button--secondary" onClick={() => setAttempt((n) => n + 1)}>
                Try again
              </button>
            </div>
          ) : questions === null ? (
            <div className="reports__loading">
              <Spinner label="Loading demographics…" />
            </div>
          ) : questions.length === 0 ? (
            <p className="muted empty-note">The question set has no survey questions (yes/no, choice or number).</p>
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
