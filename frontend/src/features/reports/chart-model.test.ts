import { describe, expect, it } from "vitest";
import {
  CHAR_PX,
  CLOSING_SHADES,
  PALETTE,
  OUTLINE,
  TREND_BARS,
  TREND_LINE,
  TEXT_DARK,
  barGeometry,
  barShades,
  contrastRatio,
  hue,
  hueDistance,
  percentText,
  sliceShades,
  textOn,
  valueText,
  wrapLabel,
} from "./chart-model";

describe("the palette", () => {
  it("computes WCAG contrast ratios", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBe(1);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
  });

  it.each(PALETTE.map((shade, i) => [i, shade, PALETTE[(i + 1) % PALETTE.length]]))(
    "shade %i (%s) and the next one (%s) differ by a contrast ratio of at least 3",
    (_i, shade, next) => {
      expect(contrastRatio(shade, next)).toBeGreaterThanOrEqual(3);
    },
  );

  it.each([...PALETTE, ...CLOSING_SHADES])("text printed on %s reads at 4.5:1 or more", (shade) => {
    expect(contrastRatio(shade, textOn(shade))).toBeGreaterThanOrEqual(4.5);
  });

  it("alternates dark (white text) and light (dark text) shades", () => {
    expect(PALETTE.map(textOn)).toEqual(PALETTE.map((_, i) => (i % 2 ? TEXT_DARK : "#ffffff")));
  });

  it.each([
    ["#ff0000", 0],
    ["#00ff00", 120],
    ["#0000ff", 240],
    ["#1e3a8a", 224],
  ])("reads the hue of %s as %i degrees", (hex, degrees) => {
    expect(Math.round(hue(hex))).toBe(degrees);
  });

  it("has eight distinct hues, so legend swatches differ by more than lightness", () => {
    expect(new Set(PALETTE).size).toBe(8);
    for (let i = 0; i < PALETTE.length; i += 1)
      for (let j = i + 1; j < PALETTE.length; j += 1)
        expect(hueDistance(PALETTE[i], PALETTE[j]), `${PALETTE[i]} and ${PALETTE[j]}`).toBeGreaterThanOrEqual(20);
  });

  it("outlines every colour at 3:1 against the cream card, and draws the trend in two distinct hues", () => {
    expect(contrastRatio(OUTLINE, "#fffaf4")).toBeGreaterThanOrEqual(3);
    for (const colour of [TREND_BARS, TREND_LINE]) expect(contrastRatio(colour, "#fffaf4")).toBeGreaterThanOrEqual(3);
    expect(hueDistance(TREND_BARS, TREND_LINE)).toBeGreaterThanOrEqual(90);
  });

  it.each(Array.from({ length: 40 }, (_, i) => i + 1))("a pie of %i slices has no two like neighbours", (n) => {
    const shades = sliceShades(n);
    expect(shades).toHaveLength(n);
    for (let i = 0; n > 1 && i < n; i += 1) {
      // A ring: the last slice touches the first. Inside the run the palette's 3:1 holds; the
      // closing slice of an odd-sized pie has two neighbours to differ from, at 2:1 or more.
      const ratio = contrastRatio(shades[i], shades[(i + 1) % n]);
      expect(ratio).toBeGreaterThanOrEqual(i >= n - 2 ? 2 : 3);
    }
  });

  it("colours bars in the palette's order", () => {
    expect(barShades(3)).toEqual(PALETTE.slice(0, 3));
    expect(barShades(10)[8]).toBe(PALETTE[0]);
  });
});

describe("wrapLabel", () => {
  it.each([
    ["Python", 20, ["Python"]],
    ["Prefer not to answer", 12, ["Prefer not", "to answer"]],
    ["Hispanic / Latino / Spanish Origin", 18, ["Hispanic / Latino", "/ Spanish Origin"]],
    ["Non-binary", 6, ["Non-", "binary"]],
    ["Undergraduate University (3+ year)", 14, ["Undergraduate", "University (3+", "year)"]],
    ["Supercalifragilistic", 8, ["Supercal", "ifragili", "stic"]],
    ["  spaced   out  ", 20, ["spaced out"]],
    [
      "Graduate University (Masters, Professional, Doctoral, etc)",
      10,
      ["Graduate", "University", "(Masters,", "Professio…"],
    ],
  ])("wraps %j at %i characters", (text, width, lines) => {
    expect(wrapLabel(text, width)).toEqual(lines);
  });

  it("never makes a line longer than the width", () => {
    const text = "Other Vocational / Trade Program or Apprenticeship";
    for (const width of [6, 9, 14, 22, 40]) {
      for (const line of wrapLabel(text, width, 99)) expect(line.length).toBeLessThanOrEqual(width);
    }
  });
});

describe("value labels", () => {
  it.each([
    [0, 10, "0%", "0 (0%)"],
    [1, 3, "33%", "1 (33%)"],
    [2, 3, "67%", "2 (67%)"],
    [1, 400, "<1%", "1 (<1%)"],
    [5, 5, "100%", "5 (100%)"],
    [3, 0, "0%", "3 (0%)"],
  ])("%i of %i is %s, labelled %s", (count, total, percent, label) => {
    expect(percentText(count, total)).toBe(percent);
    expect(valueText(count, total)).toBe(label);
  });
});

describe("barGeometry", () => {
  const ETHNICITIES = ["American Indian or Alaskan Native", "Asian Indian", "Hispanic / Latino / Spanish Origin", "White"];

  it.each([
    // width → label column (40%, 96..240 px) and the rows it needs
    [200, 96, 4],
    [310, 124, 3],
    [480, 192, 2],
    [900, 240, 2],
  ])("at %i px wide the labels get %i px and rows of up to %i lines", (width, labelWidth, most) => {
    const g = barGeometry(ETHNICITIES, [3, 12, 140, 7], width);
    expect(g.labelWidth).toBe(labelWidth);
    expect(Math.max(...g.lines.map((l) => l.length))).toBe(most);
    expect(g.rowHeight).toBeGreaterThanOrEqual(most * 15);
    expect(g.height).toBe(ETHNICITIES.length * g.rowHeight + 16);
    // Every line fits its column (less the gap to the axis) at the fallback character width.
    for (const line of g.lines.flat()) expect(line.length * CHAR_PX).toBeLessThanOrEqual(g.labelWidth - 8);
    expect(g.valueWidth).toBeGreaterThanOrEqual(3 * CHAR_PX);
  });

  it("wraps by the measure it is given (the page measures the real font)", () => {
    const wide = (text: string) => text.length * 20;
    expect(barGeometry(["Asian Indian"], [1], 400, wide).lines).toEqual([["Asian", "Indian"]]);
    expect(wrapLabel("Asian Indian", 100, 4, wide)).toEqual(["Asian", "India", "n"]);
  });

  it("keeps a short chart's rows at least 30 px tall", () => {
    expect(barGeometry(["18", "19"], [1, 2], 600).rowHeight).toBe(30);
  });
});
