/// <reference types="vite/client" />
// The organizer pages' catalog loader: every domain but the applicant's (lib/i18n-load.ts), so
// a new organizer domain needs no change here, and the applicant pages' map stays small.
import type { Catalog } from "./i18n";
import { loadFrom, type CatalogLoaders } from "./i18n-load";

const catalogs: CatalogLoaders = import.meta.glob<Catalog>(
  ["../locales/*/*.json", "!../locales/*/{accounts,apply,dashboard}.json"],
  { import: "default" },
);

/** The catalog of an organizer page's domain (none for English). */
export const loadOrganizerCatalog = (domain: string): Promise<void> => loadFrom(catalogs, domain);
