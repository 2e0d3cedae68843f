/// <reference types="vite/client" />
// Loads a page's catalog before its island renders. Apart from t() itself, so that only pages
// that are translated carry the loader. Each catalog is its own chunk, fetched only when the
// page is not in English: an English page loads none.
import { language, setCatalog, type Catalog } from "./i18n";

/** Catalog loaders by path ("../locales/es/reviews.json"), as import.meta.glob gives them. */
export type Catalogs = Record<string, () => Promise<Catalog>>;

// A page carries the map of every catalog its loader may fetch, a few bytes each: this one names
// the applicant pages' catalogs only (their budget is tight). The organizers' and staff pages
// hand in their own domain's: loadCatalog("reviews", import.meta.glob("../locales/*/reviews.json")).
const applicantCatalogs: Catalogs = import.meta.glob<Catalog>(
  ["../locales/*/accounts.json", "../locales/*/apply.json", "../locales/*/dashboard.json"],
  { import: "default" },
);

/** The catalog of `domain` (frontend/src/locales/<language>/<domain>.json), for a region's
 *  code ("es-mx") its language's ("es") when it has none. English, or none shipped: no request. */
export async function loadCatalog(domain: string, catalogs: Catalogs = applicantCatalogs): Promise<void> {
  const lang = language();
  if (lang === "en") return;
  const load = catalogs[`../locales/${lang}/${domain}.json`] ?? catalogs[`../locales/${lang.split("-")[0]}/${domain}.json`];
  // A catalog that fails to arrive leaves the page in English rather than blank.
  if (load) setCatalog(lang, await load().catch(() => ({})));
}
