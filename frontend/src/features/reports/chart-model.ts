// The charts' pure arithmetic: the palette's hues and contrast, wrapped axis
// labels, the horizontal bar chart's geometry, and the value labels. Table-tested in
// chart-model.test.ts; demographics.tsx only draws what these return.
import { formatNumber } from "../../lib/i18n";

/**
 * The charts' colours: eight distinct hues (blue, orange, green, pink, purple, yellow, red,
 * teal), so a legend's swatches are told apart by hue, not only by lightness. They alternate
 * dark and light, so any two neighbours (bars, slices) also differ by a contrast ratio of at
 * least 3 for readers who can't tell the hues apart. Dark colours carry white text, light ones
 * the page's espresso text, each at 4.5:1 or more.
 */
export const PALETTE = ["#1e3a8a", "#fb923c", "#166534", "#f9a8d4", "#6b21a8", "#fde047", "#991b1b", "#5eead4"];
/** More colours for the one slice that closes an odd-sized pie (it touches two neighbours). */
export const CLOSING_SHADES = ["#a16207", "#e11d48", "#4d7c0f"];
/** The outline of bars and slices: keeps the pale colours visible on the cream card. */
export const OUTLINE = "#4a3b30";
/** The trend chart: a day's submissions as bars, the running total as a line. */
export const TREND_BARS = "#1e3a8a";
export const TREND_LINE = "#c2410c";
export const TEXT_DARK = "#2b1d14";
export const TEXT_LIGHT = "#ffffff";

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** The hue of a #rrggbb colour in degrees (0–360), as HSL has it. */
export function hue(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => c / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

/** How far apart two hues are around the colour wheel, 0 to 180 degrees. */
export function hueDistance(a: string, b: string): number {
  const d = Math.abs(hue(a) - hue(b));
  return Math.min(d, 360 - d);
}

/** WCAG contrast ratio of two #rrggbb colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The text colour that reads best on `fill`: white or espresso. */
export function textOn(fill: string): string {
  return contrastRatio(fill, TEXT_LIGHT) >= contrastRatio(fill, TEXT_DARK) ? TEXT_LIGHT : TEXT_DARK;
}

/**
 * The fill of each of `n` slices of a pie, which is a ring: the last slice also touches the
 * first. The shades repeat in order; when that would put two like shades side by side at the
 * close, the last slice takes the colour most distinct from both of its neighbours.
 */
export function sliceShades(n: number): string[] {
  const shades = Array.from({ length: n }, (_, i) => PALETTE[i % PALETTE.length]);
  if (n > 2) {
    const before = shades[n - 2];
    const first = shades[0];
    const worst = (c: string) => Math.min(contrastRatio(c, before), contrastRatio(c, first));
    if (worst(shades[n - 1]) < 3) {
      shades[n - 1] = [...PALETTE, ...CLOSING_SHADES].reduce((best, c) => (worst(c) > worst(best) ? c : best));
    }
  }
  return shades;
}

/** The fill of each of `n` bars: the shades in order (a bar chart is a row, not a ring). */
export function barShades(n: number): string[] {
  return Array.from({ length: n }, (_, i) => PALETTE[i % PALETTE.length]);
}

export type Measure = (text: string) => number;

/** A measure in characters: what the tests use, and the fallback where nothing can measure text. */
export const countChars: Measure = (text) => text.length;

/**
 * `text` broken into lines at most `width` wide as `measure` measures (characters by default),
 * at spaces (and after a slash or hyphen); a word longer than a line is cut. At most
 * `maxLines` lines: the last one then ends with an ellipsis (the full text stays in the
 * tooltip and the table).
 */
export function wrapLabel(text: string, width: number, maxLines = 4, measure: Measure = countChars): string[] {
  const fits = (line: string) => measure(line) <= width;
  // The longest prefix of `word` that fits (at least one character, so the loop ends).
  const cut = (word: string) => {
    let end = word.length;
    while (end > 1 && !fits(word.slice(0, end))) end -= 1;
    return end;
  };
  // Pieces of words (split after a hyphen or slash, so "Non-binary" may break as "Non-" /
  // "binary"), each knowing whether a space came before it.
  const pieces = text
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((word) => word.split(/(?<=[/-])(?=.)/).map((piece, i) => ({ piece, spaced: i === 0 })));
  const lines: string[] = [];
  let line = "";
  for (const { piece, spaced } of pieces) {
    const joined = line ? line + (spaced ? " " : "") + piece : piece;
    if (fits(joined)) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    let rest = piece;
    while (!fits(rest) && rest.length > 1) {
      const end = cut(rest);
      lines.push(rest.slice(0, end));
      rest = rest.slice(end);
    }
    line = rest;
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1];
  while (last.length > 1 && !fits(last + "…")) last = last.slice(0, -1);
  kept[maxLines - 1] = last + "…";
  return kept;
}

/** A share as the charts print it: whole percents, '<1%' for a sliver, '0%' for nothing. */
export function percentText(count: number, total: number): string {
  const percent = (share: number) => formatNumber(share / 100, { style: "percent", maximumFractionDigits: 0 });
  if (!total || !count) return percent(0);
  const share = (count / total) * 100;
  if (share < 1) return `<${percent(1)}`;
  return percent(Math.round(share));
}

/** A slice's value label: the count and its share, e.g. '12 (34%)'. */
export function valueText(count: number, total: number): string {
  return `${formatNumber(count)} (${percentText(count, total)})`;
}

/** The share of a pie (0 to 1) under which a slice is too thin to print its percent inside. */
export const MIN_LABELLED_SHARE = 0.07;

export interface BarGeometry {
  /** Width of the label column on the left. */
  labelWidth: number;
  /** Each label's lines. */
  lines: string[][];
  /** Height of one bar's row (its band), enough for the longest label. */
  rowHeight: number;
  /** Height of the whole chart. */
  height: number;
  /** Room on the right for the value printed after each bar. */
  valueWidth: number;
}

const FONT_PX = 12;
/** Width of a character of the 12 px axis font when text can't be measured (tests, old browsers). */
export const CHAR_PX = 7.2;
export const LINE_PX = 15;
const ROW_PADDING = 12;
const MIN_ROW = 30;
const CHART_MARGIN = 8;
/** Space between a label and the axis line. */
export const TICK_GAP = 6;

/**
 * The geometry of a horizontal bar chart `width` pixels wide: labels on the left, wrapped into
 * a column of about 40% of the width (at least 96 px, at most 240), every row as tall as the
 * longest label needs, and room for the largest value on the right. `measure` gives a text's
 * width in pixels at the axis font.
 */
export function barGeometry(
  labels: string[],
  values: number[],
  width: number,
  measure: Measure = (text) => text.length * CHAR_PX,
): BarGeometry {
  const labelWidth = Math.round(Math.min(240, Math.max(96, width * 0.4)));
  const lines = labels.map((label) => wrapLabel(label, labelWidth - TICK_GAP - 2, 4, measure));
  const most = Math.max(1, ...lines.map((l) => l.length));
  const rowHeight = Math.max(MIN_ROW, most * LINE_PX + ROW_PADDING);
  const widest = Math.max(0, ...values.map((v) => measure(String(v))));
  return {
    labelWidth,
    lines,
    rowHeight,
    height: labels.length * rowHeight + 2 * CHART_MARGIN,
    valueWidth: Math.ceil(widest) + 14,
  };
}

export const AXIS_FONT_PX = FONT_PX;
export const BAR_CHART_MARGIN = CHART_MARGIN;
