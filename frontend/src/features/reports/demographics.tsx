import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useLayoutEffect, useMemo, useRef, useState } from "react";
import { Bar, BarChart, Cell, LabelList, Pie, PieChart, Tooltip, XAxis, YAxis, type PieLabelRenderProps } from "recharts";
import { reportsApi, type DemographicGroup, type DemographicQuestion } from "../../api/reports";
import { Alert } from "../../components/alert";
import { BackLink } from "../../components/back-link";
import { Spinner } from "../../components/spinner";
import { queryKeys } from "../../lib/query-keys";
import {
  AXIS_FONT_PX,
  BAR_CHART_MARGIN,
  LINE_PX,
  MIN_LABELLED_SHARE,
  OUTLINE,
  TICK_GAP,
  barGeometry,
  barShades,
  percentText,
  sliceShades,
  textOn,
  valueText,
  type Measure,
} from "./chart-model";

export { RED_SHADES } from "./chart-model";

export interface DemographicsProps {
  /** Each group is one of the server's named selections; `description` says who it holds. */
  groups: { value: DemographicGroup; label: string; description?: string }[];
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

/** The width of an element, followed as it changes (0 until measured, and where nothing lays out). */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(Math.floor(element.getBoundingClientRect().width));
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

const AXIS_TEXT = "#4a3b30";

/** Text widths in the axis font, measured on a canvas (undefined where there is no canvas). */
function useAxisMeasure(): Measure | undefined {
  return useMemo(() => {
    const context = document.createElement("canvas").getContext("2d");
    if (!context) return undefined;
    context.font = `${AXIS_FONT_PX}px ${getComputedStyle(document.body).fontFamily || "sans-serif"}`;
    return (text: string) => context.measureText(text).width;
  }, []);
}
type Datum = DemographicQuestion["data"][number];

/**
 * Horizontal bars: each answer's label on the left, wrapped to its column (it never overlaps
 * a neighbour or runs off a phone's screen), and the count printed after the bar.
 */
function BarFigure({ data, width, animate }: { data: Datum[]; width: number; animate: boolean }) {
  const measure = useAxisMeasure();
  const geometry = barGeometry(
    data.map((d) => d.label),
    data.map((d) => d.count),
    width,
    measure,
  );
  const shades = barShades(data.length);
  return (
    <BarChart
      layout="vertical"
      width={width}
      height={geometry.height}
      data={data}
      margin={{ top: BAR_CHART_MARGIN, right: geometry.valueWidth, bottom: BAR_CHART_MARGIN, left: 0 }}
      barCategoryGap="22%"
    >
      <XAxis type="number" hide allowDecimals={false} domain={[0, "dataMax"]} />
      <YAxis
        type="category"
        dataKey="label"
        width={geometry.labelWidth}
        interval={0}
        tickLine={false}
        axisLine={{ stroke: "#d8c3b0" }}
        tick={({ x, y, payload }: { x: number | string; y: number | string; payload: { index: number } }) => {
          const lines = geometry.lines[payload.index] ?? [];
          // Centre the block of lines on the bar; +4 puts a 12 px line's middle on the axis point.
          const first = -((lines.length - 1) * LINE_PX) / 2 + 4;
          return (
            <text x={Number(x) - TICK_GAP} y={Number(y)} textAnchor="end" fill={AXIS_TEXT} fontSize={AXIS_FONT_PX}>
              {lines.map((line, i) => (
                <tspan key={i} x={Number(x) - TICK_GAP} dy={i === 0 ? first : LINE_PX}>
                  {line}
                </tspan>
              ))}
            </text>
          );
        }}
      />
      <Tooltip cursor={{ fill: "rgba(185, 28, 28, 0.08)" }} />
      <Bar
        dataKey="count"
        name="Applicants"
        radius={[0, 4, 4, 0]}
        stroke={OUTLINE}
        strokeWidth={1}
        isAnimationActive={animate}
        animationDuration={500}
      >
        {data.map((d, i) => (
          <Cell key={d.label} fill={shades[i]} />
        ))}
        <LabelList dataKey="count" position="right" fill="#2b1d14" fontSize={AXIS_FONT_PX} fontWeight={700} />
      </Bar>
    </BarChart>
  );
}

const RADIAN = Math.PI / 180;

/**
 * A ring of slices, each wide enough printing its share inside, and beside it a legend that
 * gives every answer its count and share (so even a sliver has its number).
 */
function PieFigure({ data, width, animate }: { data: Datum[]; width: number; animate: boolean }) {
  const total = data.reduce((n, d) => n + d.count, 0);
  const shades = sliceShades(data.length);
  const size = Math.min(width, 260);
  function label({ cx, cy, midAngle, innerRadius, outerRadius, percent, index }: PieLabelRenderProps) {
    if (!percent || percent < MIN_LABELLED_SHARE) return null;
    const radius = (Number(innerRadius) + Number(outerRadius)) / 2;
    const angle = -(midAngle ?? 0) * RADIAN;
    return (
      <text
        x={Number(cx) + radius * Math.cos(angle)}
        y={Number(cy) + radius * Math.sin(angle)}
        fill={textOn(shades[index])}
        textAnchor="middle"
        dominantBaseline="central"
        fontSize={AXIS_FONT_PX}
        fontWeight={700}
      >
        {percentText(data[index].count, total)}
      </text>
    );
  }
  return (
    <div className="pie-figure">
      <PieChart width={size} height={size}>
        <Pie
          data={data}
          dataKey="count"
          nameKey="label"
          outerRadius="92%"
          innerRadius="44%"
          paddingAngle={0}
          stroke="#fffaf4"
          strokeWidth={2}
          label={label}
          labelLine={false}
          isAnimationActive={animate}
          animationDuration={500}
        >
          {data.map((d, i) => (
            <Cell key={d.label} fill={shades[i]} />
          ))}
        </Pie>
        <Tooltip />
      </PieChart>
      {/* The same numbers are in the table for screen readers; this list is for the eyes. */}
      <ul className="chart-legend" aria-hidden="true">
        {data.map((d, i) => (
          <li key={d.label}>
            <span className="chart-legend__swatch" style={{ background: shades[i] }} />
            <span className="chart-legend__label">{d.label}</span>
            <span className="chart-legend__value">{valueText(d.count, total)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
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
        <p className="muted chart-card__empty">No data available.</p>
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
  // Another group keeps the charts on screen (dimmed) until its answer arrives.
  const query = useQuery({
    queryKey: queryKeys.demographics(group),
    queryFn: () => reportsApi.demographics(group),
    placeholderData: keepPreviousData,
  });
  const questions = query.data ?? null;
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
      <header className="reports__header">
        <div>
          <BackLink />
          <h1>Demographics</h1>
          <p className="muted">{cycle ? `${cycle} cycle. ` : ""}Answers to the survey questions, counted from the applications.</p>
        </div>
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
            {groupDescription ? <p className="muted field__hint">{groupDescription}</p> : null}
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
              <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
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
