import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { aliasIndex, rankSuggestions, searchForm } from "../suggestion-rank";
import { countryAliases, countryCode } from "./country-names";

// The list GET countries serves (apps/applications/data/countries.txt).
const COUNTRIES = readFileSync(new URL("../../../../apps/applications/data/countries.txt", import.meta.url), "utf-8")
  .split("\n")
  .map((line) => line.trim())
  .filter(Boolean);

function found(typed: string, language = "es"): string | undefined {
  const options = COUNTRIES.map((value) => ({ value, label: value, lower: searchForm(value) }));
  return rankSuggestions(options, typed, aliasIndex(countryAliases(COUNTRIES, language)))[0]?.value;
}

describe("country names in the page's language", () => {
  it.each([
    ["España", "Spain"],
    ["Espa", "Spain"],
    ["espana", "Spain"],
    ["Alemania", "Germany"],
    ["Méx", "Mexico"],
    ["Reino Unido", "United Kingdom"],
    ["Estados Unidos", "United States of America"],
    ["Chequia", "Czechia (Czech Republic)"],
  ])("%j finds %j", (typed, country) => {
    expect(found(typed)).toBe(country);
  });

  it("still finds the English names, which the answers stay", () => {
    expect(found("Spai")).toBe("Spain");
  });

  it("knows the code of every country of the list", () => {
    expect(COUNTRIES.filter((country) => !countryCode(country))).toEqual([]);
  });

  it("names in Spanish every country written otherwise there", () => {
    const named = new Set(countryAliases(COUNTRIES, "es").map(([, country]) => country));
    const same = COUNTRIES.filter((country) => !named.has(country));
    // The rest are written the same in both languages.
    expect(same).toContain("Chile");
    expect(named.size).toBeGreaterThan(110);
  });

  it("adds nothing in English", () => {
    expect(countryAliases(COUNTRIES, "en")).toEqual([]);
  });
});
