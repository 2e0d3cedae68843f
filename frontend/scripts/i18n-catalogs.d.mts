// Types for i18n-catalogs.mjs (a plain node script, so that `make messages` runs it without a build).
export type Kind = "single" | "plural";
export type Used = Record<string, Kind>;
export type Catalog = Record<string, unknown>;
export const SRC: string;
export const LOCALES: string;
export const DOMAINS: Record<string, string[]>;
export function extract(source: string): { singles: string[]; plurals: string[] };
export function usedStrings(): { used: Record<string, Used>; orphans: string[] };
export function catalogs(): { lang: string; domain: string; path: string }[];
export function problems(catalog: Catalog, used: Used): { missing: string[]; stale: string[]; empty: string[] };
export function updated(catalog: Catalog, used: Used): Catalog;
