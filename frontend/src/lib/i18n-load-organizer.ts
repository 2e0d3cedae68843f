/// <reference types="vite/client" />
// The organizer pages' catalogs: every domain but the applicant pages' (i18n-load.ts), loaded
// the same way.
import type { Catalog } from "./i18n";
import { loadCatalog } from "./i18n-load";

const organizer = import.meta.glob<Catalog>(["../locales/*/*.json", "!../locales/*/{accounts,apply,dashboard}.json"], {
  import: "default",
});

/** An organizer page's catalog (its domain in scripts/i18n-catalogs.mjs). */
export const loadOrganizerCatalog = (domain: string) => loadCatalog(domain, organizer);
