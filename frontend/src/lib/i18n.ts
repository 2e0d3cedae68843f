// The islands' translations (docs/i18n.md). The English text is the key: an English page
// needs no catalog, and a string missing from a catalog shows in English. Deliberately tiny
// (no i18next): the applicant pages have almost no JavaScript budget left.
import { getConfig } from "./config";

/** A language's strings: the English text to its translation, or, for a plural, the English
 *  `other` form to one text per plural category of the language (`Intl.PluralRules`). */
export type Catalog = Record<string, string | Partial<Record<Intl.LDMLPluralRule, string>>>;
export type Vars = Record<string, string | number>;

let code: string | undefined;
let active: Catalog = {};

/** The page's language: `portal-config.language` (the server's choice for this request). */
export function language(): string {
  if (!code) {
    try {
      code = getConfig().language || "en";
    } catch {
      code = "en"; // rendered without a page config (tests)
    }
  }
  return code;
}

/** Install a language and its strings (the catalog loader, and tests; no language: the page's again). */
export function setCatalog(lang: string | undefined, catalog: Catalog = {}): void {
  code = lang;
  active = catalog;
}

const fill = (text: string, vars?: Vars) =>
  text.replace(/\{(\w+)\}/g, (all, name: string) => (vars && name in vars ? String(vars[name]) : all));

/** `t("Hi {name}", { name })`: the active language's text for this English one. */
export function t(english: string, vars?: Vars): string {
  const text = active[english];
  return fill(typeof text === "string" && text ? text : english, vars);
}

/** Marks a constant for extraction without translating it yet (the page's catalog may not be
 *  loaded when a module runs); translate it with t() where it is shown. */
t.noop = (english: string): string => english;

/** `t.plural(n, { one: "{count} file", other: "{count} files" })`: the form the language's
 *  rules pick for `count`, which is also passed as `{count}`. */
t.plural = (count: number, english: { one: string; other: string }, vars?: Vars): string => {
  const forms = active[english.other];
  const text =
    (typeof forms === "object" && (forms[new Intl.PluralRules(language()).select(count)] || forms.other)) ||
    (new Intl.PluralRules("en").select(count) === "one" ? english.one : english.other);
  return fill(text, { count, ...vars });
};

/** A date (a Date, an ISO string or a timestamp) in the page's language. */
export function formatDate(value: Date | string | number, options?: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(language(), options).format(new Date(value));
}

export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(language(), options).format(value);
}
