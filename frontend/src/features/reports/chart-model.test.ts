import { describe, expect, it } from "vitest";
import {
  CHAR_PX,
  CLOSING_SHADES,
  RED_SHADES,
  TEXT_DARK,
  barGeometry,
  barShades,
  contrastRatio,
  percentText,
  sliceShades,
  textOn,
  valueText,
  wrapLabel,
} from "./chart-model";

describe("red shades", () => {
  it("computes WCAG contrast ratios", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBe(1);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
  });

  it.each(RED_SHADES.map((shade, i) => [i, shade, RED_SHADES[(i + 1) % RED_SHADES.length]]))(
    "shade %i (%s) and the next one (%s) differ by a contrast ratio of at least 3",
    (_i, shade, next) => {
      expect(contrastRatio(shade, next)).toBeGreaterThanOrEqual(3);
    },
  );

  it.each([...RED_SHADES, ...CLOSING_SHADES])("text printed on %s reads at 4.5:1 or more", (shade) => {
    expect(contrastRatio(shade, textOn(shade))).toBeGreaterThanOrEqual(4.5);
  });

  it("alternates dark (white text) and light (dark text) shades", () => {
    expect(RED_SHADES.map(textOn)).toEqual(RED_SHADES.map((_, i) => (i % 2 ? TEXT_DARK : "#ffffff")));
  });

  it("stays red: every shade's red channel leads", () => {
    for (const shade of [...RED_SHADES, ...CLOSING_SHADES]) {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(shade.slice(i, i + 2), 16));
      expect(r).toBeGreaterThan(g);
      expect(r).toBeGreaterThan(b);
    }
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
    expect(barShades(3)).toEqual(RED_SHADES.slice(0, 3));
    expect(barShades(10)[8]).toBe(RED_SHADES[0]);
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
