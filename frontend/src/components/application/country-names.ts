// The country question's names in the page's language. The list (GET countries) and the stored
// answers are English names; a Spanish applicant types "España" or "Alemania" and found nothing.
// Each English name is matched to its region code through the browser's own region names
// (Intl.DisplayNames, no table of ours to keep), and the page's language's name of that code
// becomes an alias of the English one, so typing it finds the country, which is stored as before.
import type { AliasPair } from "../autocomplete";

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
let englishCodes: Map<string, string> | null = null;

// The list's names that the browser's English writes otherwise ("Bosnia & Herzegovina",
// "Côte d’Ivoire", "St. Lucia", "Türkiye"): their codes, so they are named too.
const WRITTEN_OTHERWISE: Record<string, string> = {
  "Antigua and Barbuda": "AG",
  "Bosnia and Herzegovina": "BA",
  "Cabo Verde": "CV",
  "Congo (Congo-Brazzaville)": "CG",
  "Côte d'Ivoire": "CI",
  "Czechia (Czech Republic)": "CZ",
  "Democratic Republic of the Congo": "CD",
  "Palestine State": "PS",
  "Saint Kitts and Nevis": "KN",
  "Saint Lucia": "LC",
  "Saint Vincent and the Grenadines": "VC",
  "Sao Tome and Principe": "ST",
  "Trinidad and Tobago": "TT",
  Turkey: "TR",
  "United States of America": "US",
};

/** The region code of one of the list's English names, or undefined. */
export function countryCode(country: string): string | undefined {
  return WRITTEN_OTHERWISE[country] ?? codesByEnglishName().get(country.toLowerCase());
}

/** English region name (lower case) → its two-letter code, for every code the browser names. */
function codesByEnglishName(): Map<string, string> {
  if (englishCodes) return englishCodes;
  englishCodes = new Map();
  const english = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
  for (const first of LETTERS) {
    for (const second of LETTERS) {
      const code = first + second;
      const name = english.of(code);
      if (name) englishCodes.set(name.toLowerCase(), code);
    }
  }
  return englishCodes;
}

/** (alias, English name) pairs of `countries` in `language`: its name there (and the same
 *  without accents) for each country whose name differs from the English one. [] in English or
 *  where the browser has no region names. */
export function countryAliases(countries: readonly string[], language: string): AliasPair[] {
  if (!language || language.toLowerCase().startsWith("en") || typeof Intl.DisplayNames !== "function") return [];
  let local: Intl.DisplayNames;
  try {
    local = new Intl.DisplayNames([language], { type: "region", fallback: "none" });
  } catch {
    return [];
  }
  const pairs: AliasPair[] = [];
  for (const country of countries) {
    const code = countryCode(country);
    const name = code ? local.of(code) : undefined;
    if (!name || name === country) continue;
    // Typed without its accents ("espana") it is found too: aliases are compared folded.
    pairs.push([name, country]);
  }
  return pairs;
}

const made = new WeakMap<readonly string[], Map<string, AliasPair[]>>();

/** countryAliases, made once per list and language (the field draws on every keystroke). */
export function countryAliasesOf(countries: readonly string[], language: string): AliasPair[] {
  let byLanguage = made.get(countries);
  if (!byLanguage) made.set(countries, (byLanguage = new Map()));
  let pairs = byLanguage.get(language);
  if (!pairs) byLanguage.set(language, (pairs = countryAliases(countries, language)));
  return pairs;
}
