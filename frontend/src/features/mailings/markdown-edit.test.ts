import { describe, expect, it } from "vitest";
import { applyFormat, insertPlaceholder, shortcutFormat, type Format } from "./markdown-edit";

// "|" marks the selection in the table: one "|" is a caret, two enclose a selection.
function split(marked: string): [string, number, number] {
  const start = marked.indexOf("|");
  const second = marked.indexOf("|", start + 1);
  const end = second === -1 ? start : second - 1;
  return [marked.replace(/\|/g, ""), start, end];
}

function mark(value: string, start: number, end: number): string {
  return start === end
    ? value.slice(0, start) + "|" + value.slice(start)
    : value.slice(0, start) + "|" + value.slice(start, end) + "|" + value.slice(end);
}

describe("applyFormat", () => {
  const cases: [Format, string, string][] = [
    ["bold", "Hi |there|!", "Hi **|there|**!"],
    ["bold", "Hi **|there|**!", "Hi |there|!"],
    ["bold", "Hi |", "Hi **|bold text|**"],
    ["italic", "|word|", "_|word|_"],
    ["italic", "_|word|_", "|word|"],
    ["link", "See |the dashboard| now", "See [the dashboard](|https://|) now"],
    ["link", "|", "[link text](|https://|)"],
    ["list", "|a\nb|\nc", "|- a\n- b|\nc"],
    ["list", "x\n- a|", "x\na|"],
    ["list", "one\ntw|o", "one\n- tw|o"],
    ["list", "|\nabc", "- |\nabc"],
    ["heading", "Intro\nWel|come", "Intro\n## Wel|come"],
    ["heading", "## |Title", "|Title"],
    ["heading", "|a\n|b", "|## a|\nb"],
  ];
  it.each(cases)("%s: %j → %j", (format, before, after) => {
    const [value, start, end] = split(before);
    const edit = applyFormat(value, start, end, format);
    expect(mark(edit.value, edit.start, edit.end)).toBe(after);
  });
});

describe("insertPlaceholder", () => {
  it.each([
    ["Hi |!", "first_name", "Hi {{ first_name }}|!"],
    ["Go to |here|.", "dashboard_link", "Go to {{ dashboard_link }}|."],
  ])("%j + %s → %j", (before, name, after) => {
    const [value, start, end] = split(before);
    const edit = insertPlaceholder(value, start, end, name);
    expect(mark(edit.value, edit.start, edit.end)).toBe(after);
  });
});

describe("shortcutFormat", () => {
  const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({
    key: k,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    ...mods,
  });
  it.each([
    [key("b", { ctrlKey: true }), "bold"],
    [key("I", { metaKey: true }), "italic"],
    [key("k", { ctrlKey: true }), "link"],
    [key("b"), null],
    [key("b", { ctrlKey: true, altKey: true }), null],
    [key("x", { ctrlKey: true }), null],
  ])("%j → %s", (event, format) => {
    expect(shortcutFormat(event)).toBe(format);
  });
});
