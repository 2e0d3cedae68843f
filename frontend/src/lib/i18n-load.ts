/// <reference types="vite/client" />
// Loads a page's catalog before its island renders. Apart from t() itself, so that only pages
// that are translated carry the loader. Each catalog is its own chunk, fetched only when the
// page is not in English: an English page loads none.
import { language, setCatalog, type Catalog } from "./i18n";

export type CatalogLoaders = Record<string, () => Promise<Catalog>>;

// The applicant's domains only: every catalog in the map costs its entry in these pages' first
// download, and their budget has no room for the organizers' (lib/i18n-load-organizer.ts).
const catalogs: CatalogLoaders = import.meta.glob<Catalog>("../locales/*/{accounts,apply,dashboard}.json", {
  import: "default",
});

/** Installs `domain`'s catalog from `loaders` (frontend/src/locales/<language>/<domain>.json),
 *  for a region's code ("es-mx") its language's ("es") when it has none. English, or none
 *  shipped: no request. */
export async function loadFrom(loaders: CatalogLoaders, domain: string): Promise<void> {
  const lang = language();
  if (lang === "en") return;
  const load = loaders[`../locales/${lang}/${domain}.json`] ?? loaders[`../locales/${lang.split("-")[0]}/${domain}.json`];
  // A catalog that fails to arrive leaves the page in English rather than blank.
  if (load) setCatalog(lang, await load().catch(() => ({})));
}

/** The catalog of an applicant page's domain. */
export const loadCatalog = (domain: string): Promise<void> => loadFrom(catalogs, domain);
