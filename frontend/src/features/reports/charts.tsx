// The charts drawn with recharts, loaded apart from the pages that show them (React.lazy):
// recharts is most of the statistics pages' JavaScript, and the pages show their headings,
// numbers and tables (each chart's data is also a table for screen readers) before it arrives.
import { useMemo } from "react";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ComposedChart,
  LabelList,
  Legend,
  Line,
  Pie,
  PieChart,
  Tooltip,
  XAxis,
  YAxis,
  type PieLabelRenderProps,
} from "recharts";
import type { DemographicQuestion, TrendDay } from "../../api/reports";
import {
  AXIS_FONT_PX,
  BAR_CHART_MARGIN,
  LINE_PX,
  MIN_LABELLED_SHARE,
  OUTLINE,
  TICK_GAP,
  TREND_BARS,
  TREND_LINE,
  barGeometry,
  barShades,
  percentText,
  sliceShades,
  textOn,
  valueText,
  type Measure,
} from "./chart-model";
import { dayLabel } from "./trend-model";
import { t } from "../../lib/i18n";

const AXIS_TEXT = "#4a3b30";

/** Text widths in the axis font, measured on a canvas (undefined where there is no canvas). */
function useAxisMeasure(): Measure | undefined {
  return useMemo(() => {
    const context = document.createElement("canvas").getContext("2d");
    if (!context) return undefined;
    context.font = `${AXIS_FONT_PX}px ${getComputedStyle(document.body).fontFamily || "sans-serif"}`;
    // A canvas may resolve the font stack's "system-ui" to another face than the SVG text uses;
    // a tenth more keeps a label that measures just inside its column from running past it.
    return (text: string) => context.measureText(text).width * 1.1;
  }, []);
}
type Datum = DemographicQuestion["data"][number];

/**
 * Horizontal bars: each answer's label on the left, wrapped to its column (it never overlaps
 * a neighbour or runs off a phone's screen), and the count printed after the bar.
 */
export function BarFigure({ data, width, animate }: { data: Datum[]; width: number; animate: boolean }) {
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
      <Tooltip cursor={{ fill: "rgba(74, 59, 48, 0.08)" }} />
      <Bar
        dataKey="count"
        name={t("Applicants")}
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
export function PieFigure({ data, width, animate }: { data: Datum[]; width: number; animate: boolean }) {
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


/**
 * Applications submitted per day (bars, left axis) and the running total (line, right axis),
 * the dates along the bottom. Thinned ticks keep a long cycle readable on a phone.
 */
export function TrendFigure({ days, width, animate }: { days: TrendDay[]; width: number; animate: boolean }) {
  const height = width < 480 ? 220 : 280;
  const data = days.map((d) => ({ ...d, label: dayLabel(d.date) }));
  // About one date label per 80 px.
  const every = Math.max(0, Math.ceil(data.length / Math.max(1, Math.floor(width / 80))) - 1);
  return (
    <ComposedChart width={width} height={height} data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
      <CartesianGrid stroke="#eadbcc" vertical={false} />
      <XAxis dataKey="label" interval={every} tick={{ fill: AXIS_TEXT, fontSize: AXIS_FONT_PX }} tickLine={false} axisLine={{ stroke: "#d8c3b0" }} />
      <YAxis yAxisId="day" allowDecimals={false} width={40} tick={{ fill: AXIS_TEXT, fontSize: AXIS_FONT_PX }} axisLine={false} tickLine={false} />
      <YAxis yAxisId="total" orientation="right" allowDecimals={false} width={48} tick={{ fill: AXIS_TEXT, fontSize: AXIS_FONT_PX }} axisLine={false} tickLine={false} />
      <Tooltip cursor={{ fill: "rgba(74, 59, 48, 0.08)" }} />
      <Legend wrapperStyle={{ fontSize: AXIS_FONT_PX, color: AXIS_TEXT }} />
      <Bar yAxisId="day" dataKey="submitted" name={t("Submitted that day")} fill={TREND_BARS} radius={[3, 3, 0, 0]} isAnimationActive={animate} animationDuration={500} />
      <Line yAxisId="total" dataKey="cumulative" name={t("Submitted in all")} type="monotone" stroke={TREND_LINE} strokeWidth={3} dot={false} isAnimationActive={animate} animationDuration={500} />
    </ComposedChart>
  );
}
