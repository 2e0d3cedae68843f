// The pages' side of the lazily loaded charts: each figure waits for recharts behind a loading
// state of its own size (a pulsing frame and "Loading chart…"), so the page keeps its layout
// while the chart code arrives. Each chart's figure carries its summary as its accessible name,
// and its numbers are in a table beside it, so nothing is lost for anyone before it draws.
import { lazy, Suspense, useLayoutEffect, useRef, useState, type ComponentProps } from "react";
import { t } from "../../lib/i18n";

const charts = () => import("./charts");
const LazyBar = lazy(() => charts().then((m) => ({ default: m.BarFigure })));
const LazyPie = lazy(() => charts().then((m) => ({ default: m.PieFigure })));
const LazyTrend = lazy(() => charts().then((m) => ({ default: m.TrendFigure })));

export function ChartLoading({ height }: { height: number }) {
  return (
    <div className="chart-loading" style={{ minHeight: height }}>
      <span className="spinner chart-loading__spinner" aria-hidden="true" />
      <span className="muted">{t("Loading chart…")}</span>
    </div>
  );
}

type BarProps = ComponentProps<typeof LazyBar>;
type PieProps = ComponentProps<typeof LazyPie>;
type TrendProps = ComponentProps<typeof LazyTrend>;

export function BarFigure(props: BarProps) {
  return (
    <Suspense fallback={<ChartLoading height={Math.max(120, props.data.length * 34)} />}>
      <LazyBar {...props} />
    </Suspense>
  );
}

export function PieFigure(props: PieProps) {
  return (
    <Suspense fallback={<ChartLoading height={Math.min(props.width, 260)} />}>
      <LazyPie {...props} />
    </Suspense>
  );
}

export function TrendFigure(props: TrendProps) {
  return (
    <Suspense fallback={<ChartLoading height={props.width < 480 ? 220 : 280} />}>
      <LazyTrend {...props} />
    </Suspense>
  );
}

export function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && Boolean(window.matchMedia?.("(prefers-reduced-motion: reduce)").matches);
}

/** The width of an element, followed as it changes (0 until measured, and where nothing lays out). */
export function useWidth<T extends HTMLElement>() {
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
