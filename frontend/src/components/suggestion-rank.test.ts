import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { toSuggestions } from "./autocomplete";
import {
  ALIAS_EXACT,
  CONTAINS,
  PREFIX,
  WORD_START,
  aliasIndex,
  bestMatch,
  normalizeAlias,
  rankSuggestions,
  searchForm,
} from "./suggestion-rank";

const NAMES = [
  "Karnataka State Law University",
  "Interstate Technical College",
  "State University of New York at Buffalo",
  "Arizona State University",
  "The Ohio State University",
  "University of California Los Angeles",
  "California State University-Long Beach",
  "Massachusetts Institute of Technology",
  "Mitchell College",
  "Smith College",
  "University of Washington",
  "University of Waterloo",
  "College Not Present",
];

const ALIASES = aliasIndex([
  ["UCLA", "University of California Los Angeles"],
  ["MIT", "Massachusetts Institute of Technology"],
  ["UW", "University of Washington"],
  ["UW", "University of Waterloo"],
  ["OSU", "The Ohio State University"],
  ["UCL", "University College London"], // not in this list: never suggested
]);

function ranked(text: string, aliases = ALIASES): string[] {
  return rankSuggestions(toSuggestions(NAMES), text, aliases).map((s) => s.value);
}

describe("rankSuggestions", () => {
  it.each([
    // typed → suggestions, best first
    [
      "state",
      [
        "The Ohio State University", // a well-known school (a short name names it) with a word starting with it
        "State University of New York at Buffalo", // starts with it
        "Karnataka State Law University", // a word starts with it, in the list's order
        "Arizona State University",
        "California State University-Long Beach",
        "Interstate Technical College", // inside a word
      ],
    ],
    ["STATE UNIV", ["The Ohio State University", "State University of New York at Buffalo", "Arizona State University", "California State University-Long Beach"]],
    ["wash", ["University of Washington"]], // a well-known school's word, not only its start
    ["los ang", ["University of California Los Angeles"]],
    ["ohio", ["The Ohio State University"]], // "The " is skipped for the prefix
    ["UCLA", ["University of California Los Angeles"]], // the alias alone finds it
    ["u.c.l.a.", ["University of California Los Angeles"]],
    ["mit", ["Massachusetts Institute of Technology", "Mitchell College", "Smith College"]],
    ["uw", ["University of Washington", "University of Waterloo"]],
    ["ucl", ["University of California Los Angeles"]], // an alias that starts with the text
    ["u", NAMES.filter((n) => n.toLowerCase().includes("u")).sort(byTier("u"))], // one letter: no alias tier
    ["colle", ["College Not Present", "Interstate Technical College", "Mitchell College", "Smith College"]],
    ["", []],
    ["   ", []],
    ["hogwarts", []],
  ])("%j → %j", (text, expected) => {
    expect(ranked(text)).toEqual(expected);
  });

  it("keeps every option that contains the text, however many, with or without aliases", () => {
    for (const text of ["a", "st", "univ", "college", "of"]) {
      const contains = NAMES.filter((n) => n.toLowerCase().includes(text));
      expect([...ranked(text, new Map())].sort()).toEqual([...contains].sort());
    }
  });

  it("works on any list (countries have no aliases)", () => {
    const countries = toSuggestions(["Argentina", "India", "Indonesia", "Saint Kitts and Nevis", "Sudan"]);
    expect(rankSuggestions(countries, "in").map((c) => c.value)).toEqual(["India", "Indonesia", "Argentina", "Saint Kitts and Nevis"]);
  });
});

function byTier(text: string) {
  return (a: string, b: string) => bestMatch(a.toLowerCase(), text).tier - bestMatch(b.toLowerCase(), text).tier;
}

describe("bestMatch", () => {
  it.each([
    ["state university", "state", 0, PREFIX],
    ["the ohio state university", "ohio", 4, PREFIX],
    ["karnataka state law university", "state", 10, WORD_START],
    ["interstate and state", "state", 15, WORD_START], // the word's start, not the first occurrence
    ["interstate college", "state", 5, CONTAINS],
    ["smith college", "(mit", -1, 5],
    ["rutgers, the state university", ", the", 7, WORD_START], // text starting with punctuation
  ])("%j for %j is at %i (tier %i)", (lower, needle, at, tier) => {
    expect(bestMatch(lower, needle)).toEqual({ at, tier });
  });
});

describe("aliases", () => {
  it.each([
    ["UCLA", "ucla"],
    ["U.C.L.A.", "ucla"],
    ["UW Madison", "uwmadison"],
    ["Texas A&M", "texasam"],
  ])("%j compares as %j", (alias, key) => {
    expect(normalizeAlias(alias)).toBe(key);
  });

  it("indexes an alias naming several schools once each", () => {
    expect(aliasIndex([["UW", "A"], ["uw", "B"], ["U.W.", "A"], ["", "C"]])).toEqual(new Map([["uw", ["A", "B"]]]));
    expect(ALIAS_EXACT).toBeLessThan(PREFIX);
  });
});

describe("searchForm", () => {
  it.each([
    ["Université de Montréal", "universite de montreal"],
    ["São Paulo", "sao paulo"],
    ["ZÜRICH", "zurich"],
    ["Łódź", "łodz"], // ł has no accent to drop in NFD; it stays a letter of its own
    ["MIT", "mit"],
    ["e\u0301cole", "e\u0301cole"], // a lone combining mark is kept: the label keeps its length
  ])("%j compares as %j, one character for one", (text, folded) => {
    expect(searchForm(text)).toBe(folded);
    expect(searchForm(text)).toHaveLength(text.length);
  });

  it("highlights where an accented name matched what was typed plainly", () => {
    const label = "Universidade de São Paulo";
    const { at } = bestMatch(searchForm(label), searchForm("sao"));
    expect(label.slice(at, at + 3)).toBe("São");
  });
});

describe("the real school list and alias file", () => {
  const root = resolve(import.meta.dirname, "../../../apps/applications/data");
  const schools = toSuggestions(
    readFileSync(resolve(root, "schools.txt"), "utf-8")
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean),
  );
  // The page receives these pairs from the server, which reads the same CSV (a quoted name may hold commas).
  const pairs = readFileSync(resolve(root, "school_aliases.csv"), "utf-8")
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => {
      const [, alias, name] = line.match(/^([^,]+),"?(.*?)"?$/) ?? [];
      return [alias, name] as [string, string];
    });
  const aliases = aliasIndex(pairs);

  it.each([
    // "mich": the start of a word, then ranked: the well-known Michigan schools come before
    // the Michoacán and St. Michael's names, wherever the word is.
    ["mich", /^(Michigan State University|University of Michigan)$/],
    ["state", /^Arizona State University$/],
    ["UCLA", /^University of California Los Angeles$/],
    ["MIT", /^Massachusetts Institute of Technology$/],
    ["CMU", /^Carnegie Mellon University$/],
    ["nyu", /^New York University$/],
    ["uiuc", /^University of Illinois at Urbana - Champaign$/],
    ["Georgia Tech", /^Georgia Institute of Technology$/],
    ["columbia", /^Columbia University in the City of New York$/],
    ["princeton", /^Princeton /],
    ["toronto", /^University of Toronto$/],
    // Typed without the accents a keyboard may not have.
    ["universidade de sao paulo", /^Universidade de São Paulo$/],
    ["ecole polytechnique de montreal", /^École Polytechnique de Montréal$/],
    ["ÉCOLE POLYTECHNIQUE", /^École Polytechnique/],
  ])("%j puts %s first", (text, first) => {
    expect(rankSuggestions(schools, text, aliases)[0].value).toMatch(first);
  });

  it("'mich' shows the University of Michigan in the first rows, before anything the menu scrolls to", () => {
    const names = rankSuggestions(schools, "mich", aliases).map((s) => s.value);
    expect(names.indexOf("University of Michigan")).toBeLessThan(3);
    expect(names.slice(0, 2).sort()).toEqual(["Michigan State University", "University of Michigan"]);
  });

  it("ranks all 12,717 schools in milliseconds per keystroke", () => {
    const started = performance.now();
    for (const text of ["s", "st", "sta", "stat", "state", "u", "uc", "ucl", "ucla"]) rankSuggestions(schools, text, aliases);
    expect((performance.now() - started) / 9).toBeLessThan(50);
  });
});
