// @vitest-environment node
// The shipped catalogs against the strings the islands use (scripts/i18n-catalogs.mjs): `make
// messages` adds what is missing and drops what is stale; this fails until they are translated.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { catalogs, DOMAINS, extract, problems, SRC, updated, usedStrings } from "../../scripts/i18n-catalogs.mjs";

describe("extracting the strings of t()", () => {
  it.each([
    ['t("Hello")', ["Hello"], []],
    ["t('Don\\'t go')", ["Don't go"], []],
    ['t("Hi {name}", { name })', ["Hi {name}"], []],
    ['t(\n  "Across lines",\n)', ["Across lines"], []],
    ['export const X = t.noop("Kept for later");', ["Kept for later"], []],
    ['t.plural(n, { one: "{count} file", other: "{count} files" })', [], ["{count} files"]],
    ["t(VARIABLE)", [], []],
    ['format("not ours")', [], []],
  ])("%s", (source, singles, plurals) => {
    expect(extract(source)).toEqual({ singles, plurals });
  });
});

describe("checking a catalog", () => {
  const used = { Hello: "single", "{count} files": "plural" } as const;
  it.each([
    ["complete", { Hello: "Hola", "{count} files": { one: "{count} archivo", other: "{count} archivos" } }, { missing: [], stale: [], empty: [] }],
    ["a string missing", { Hello: "Hola" }, { missing: ["{count} files"], stale: [], empty: [] }],
    ["an empty translation", { Hello: " ", "{count} files": { one: "", other: "x" } }, { missing: [], stale: [], empty: ["Hello", "{count} files"] }],
    ["a stale string", { Hello: "Hola", "{count} files": { other: "x" }, Gone: "Ido" }, { missing: [], stale: ["Gone"], empty: [] }],
  ])("%s", (_, catalog, expected) => {
    expect(problems(catalog, used)).toEqual(expected);
  });

  it("the update adds what is missing, empty, and drops what is stale", () => {
    expect(updated({ Gone: "Ido", Hello: "Hola" }, used)).toEqual({ Hello: "Hola", "{count} files": { one: "", other: "" } });
  });
});

describe("the shipped catalogs", () => {
  const { used, orphans } = usedStrings();

  it("every file that calls t() belongs to a domain", () => {
    expect(orphans).toEqual([]);
  });

  it("there is a Spanish catalog for every domain", () => {
    expect(catalogs().filter((c) => c.lang === "es").map((c) => c.domain).sort()).toEqual(Object.keys(DOMAINS).sort());
  });

  it.each(catalogs().map((c) => [`${c.lang}/${c.domain}.json`, c] as const))("%s is complete, translated and current", (_, c) => {
    expect(c.domain in used, `no domain ${c.domain} in DOMAINS`).toBe(true);
    const catalog = JSON.parse(readFileSync(c.path, "utf8")) as Record<string, unknown>;
    expect(problems(catalog, used[c.domain]), "run `make messages` and translate the new strings").toEqual({ missing: [], stale: [], empty: [] });
  });
});

describe("the pages' catalog loaders", () => {
  // Each loader lists its own catalogs (lib/i18n-load.ts the applicant pages', i18n-load-organizer.ts
  // the others'): a domain asked of the other one would find nothing and leave its page in English.
  const APPLICANT = ["accounts", "apply", "dashboard"];
  const pages = readdirSync(join(SRC, "pages")).map((name) => [name, readFileSync(join(SRC, "pages", name), "utf8")] as const);

  it.each(pages)("%s loads a domain through the loader that lists it", (_, source) => {
    for (const [, loader, domain] of source.matchAll(/\b(loadCatalog|loadOrganizerCatalog)\("([\w-]+)"\)/g)) {
      expect(Object.keys(DOMAINS)).toContain(domain);
      expect(APPLICANT.includes(domain), `${domain} through ${loader}`).toBe(loader === "loadCatalog");
    }
  });
});
