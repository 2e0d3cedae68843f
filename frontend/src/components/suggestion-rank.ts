// The order of an autocomplete's suggestions: the school (or country) a person means comes
// first. Pure and table-tested (suggestion-rank.test.ts); the Autocomplete only shows it.
//
// Tiers, best first, each kept in the list's own order:
//   0. a short name that is exactly what was typed ("UCLA", "mit")
//   1. well-known schools (those a short name names) where a word starts with the text: "mich"
//      finds the University of Michigan before a dozen Michoacán and St. Michael's colleges,
//      wherever in the name the word is
//   2. names that start with the text ("State University of …"), a leading "The " skipped
//   3. names where a word starts with the text ("Karnataka State Law University"), and
//      short names that start with it ("UCL" → "UCLA")
//   4. names that contain the text anywhere ("Interstate …")

/** An option of the list, its label's searchForm computed once per list, not per keystroke. */
export interface Rankable {
  value: string;
  lower: string;
}

/** Short names: normalised alias → the option values it names (an alias may name several). */
export type AliasIndex = Map<string, string[]>;

export const ALIAS_EXACT = 0;
export const KNOWN = 1;
export const PREFIX = 2;
export const WORD_START = 3;
export const CONTAINS = 4;
const NONE = 5;

const MARKS = /\p{M}/gu;

/**
 * Text as it is compared: lower case and without accents, so that "universite de montreal"
 * finds "Université de Montréal" and "sao paulo" São Paulo (the server's searches fold the same
 * way: apps/core/text.py). Each character folds to exactly one, so a match's position in the
 * folded label is its position in the label, for the highlight; one that would fold to more
 * or fewer (a lone combining mark, "İ") is only lower-cased, or kept.
 */
export function searchForm(text: string): string {
  const lower = text.toLowerCase();
  // Most names are plain ASCII, and ranking folds every school of the list once.
  if (lower.length === text.length && !/[^\u0000-\u007f]/.test(lower)) return lower;
  let out = "";
  for (const char of text) {
    const small = char.toLowerCase();
    const bare = small.normalize("NFD").replace(MARKS, "");
    out += bare.length === char.length ? bare : small.length === char.length ? small : char;
  }
  return out;
}

/** An alias as it is compared: folded, letters and digits only ("U.C.L.A." → "ucla"). */
export function normalizeAlias(text: string): string {
  return searchForm(text).replace(/[^\p{L}\p{N}]+/gu, "");
}

/** The index of (alias, name) pairs, such as the page's `schoolAliases` prop. */
export function aliasIndex(pairs: readonly (readonly [string, string])[] | undefined): AliasIndex {
  const index: AliasIndex = new Map();
  for (const [alias, name] of pairs ?? []) {
    const key = normalizeAlias(alias);
    if (!key) continue;
    const names = index.get(key) ?? [];
    if (!names.includes(name)) names.push(name);
    index.set(key, names);
  }
  return index;
}

const WORD_CHAR = /[\p{L}\p{N}]/u;
const LEADING_THE = "the ";

/** Is the character at `at` a letter or digit? ASCII is answered without the regex: ranking
 *  runs over every school on every keystroke. */
function isWordChar(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  if (code < 128) return (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || (code >= 65 && code <= 90);
  return WORD_CHAR.test(text[at]);
}

/** The tier of `lower` for `needle` (both lower case), and where it matched (-1: nowhere). */
function match(lower: string, needle: string, wordNeedle: boolean): number {
  const first = lower.indexOf(needle);
  if (first < 0) return -1;
  if (first === 0) return 0;
  if (lower.startsWith(LEADING_THE) && lower.startsWith(needle, LEADING_THE.length)) return LEADING_THE.length;
  for (let at = first; at >= 0; at = lower.indexOf(needle, at + 1)) {
    if (!wordNeedle || !isWordChar(lower, at - 1)) return at;
  }
  return first;
}

function tierAt(lower: string, needle: string, at: number, wordNeedle: boolean): number {
  if (at < 0) return NONE;
  if (at === 0 || (at === LEADING_THE.length && lower.startsWith(LEADING_THE) && lower.startsWith(needle, at))) {
    return PREFIX;
  }
  return !wordNeedle || !isWordChar(lower, at - 1) ? WORD_START : CONTAINS;
}

/**
 * Where `needle` (lower case) matches `lower` best: a start of the name (after a leading
 * "The "), else the start of a word, else anywhere; -1 when it is not in it. The highlight
 * marks this occurrence, so that it shows why the option ranked where it did.
 */
export function bestMatch(lower: string, needle: string): { at: number; tier: number } {
  const wordNeedle = needle.length > 0 && isWordChar(needle, 0);
  const at = match(lower, needle, wordNeedle);
  return { at, tier: tierAt(lower, needle, at, wordNeedle) };
}

/**
 * The options that match `text`, best first (see the tiers above). Every option containing
 * the text (case and accents aside) is kept, however many; an alias adds the schools it names even
 * when their names don't contain the text. Empty text suggests nothing.
 */
export function rankSuggestions<T extends Rankable>(options: readonly T[], text: string, aliases?: AliasIndex): T[] {
  const needle = searchForm(text.trim());
  if (!needle) return [];
  const byAlias = new Map<string, number>();
  // The schools some short name names: the ones people mean most often.
  const known = new Set<string>();
  const typed = normalizeAlias(needle);
  if (aliases && typed) {
    for (const [alias, names] of aliases) {
      if (typed.length >= 2) for (const name of names) known.add(name);
      // An alias that merely starts with one typed letter would drag in too much ("u").
      const tier = alias === typed ? ALIAS_EXACT : typed.length >= 2 && alias.startsWith(typed) ? WORD_START : NONE;
      for (const name of names) {
        if (tier < (byAlias.get(name) ?? NONE)) byAlias.set(name, tier);
      }
    }
  }
  const tiers: T[][] = [[], [], [], [], []];
  const wordNeedle = isWordChar(needle, 0);
  const aliased = byAlias.size > 0;
  for (const option of options) {
    const at = match(option.lower, needle, wordNeedle);
    let tier = tierAt(option.lower, needle, at, wordNeedle);
    if ((tier === PREFIX || tier === WORD_START) && known.has(option.value)) tier = KNOWN;
    if (aliased) tier = Math.min(tier, byAlias.get(option.value) ?? NONE);
    if (tier < NONE) tiers[tier].push(option);
  }
  return tiers.flat();
}
