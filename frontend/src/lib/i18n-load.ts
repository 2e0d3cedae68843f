/// <reference types="vite/client" />
// Loads a page's catalog before its island renders. Apart from t() itself, so that only pages
// that are translated carry the loader. Each catalog is its own chunk, fetched only when the
// page is not in English: an English page loads none.
//
// The applicant pages' catalogs are listed here; the organizer pages' in i18n-load-organizer.ts:
// every catalog's entry in a list costs each page that carries the list, and the applicant
// pages' budget is tight.
import { language, setCatalog, type Catalog } from "./i18n";

export type Catalogs = Record<string, () => Promise<Catalog>>;

const applicant: Catalogs = import.meta.glob<Catalog>("../locales/*/{accounts,apply,dashboard}.json", { import: "default" });

/** The catalog of `domain` (frontend/src/locales/<language>/<domain>.json) among `catalogs` (by
 *  default the applicant pages'), for a region's code ("es-mx") its language's ("es") when it has
 *  none. English, or none shipped: no request. */
export async function loadCatalog(domain: string, catalogs: Catalogs = applicant): Promise<void> {
  const lang = language();
  if (lang === "en") return;
  const load = catalogs[`../locales/${lang}/${domain}.json`] ?? catalogs[`../locales/${lang.split("-")[0]}/${domain}.json`];
  // A catalog that fails to arrive leaves the page in English rather than blank.
  if (load) setCatalog(lang, await load().catch(() => ({})));
}
