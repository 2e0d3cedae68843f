// The islands' catalogs against the code: which English strings each page domain uses
// (t("..."), t.noop("..."), t.plural(n, { one: "...", other: "..." })), and what a shipped
// catalog lacks, leaves empty or keeps for a string no longer used. The Vitest check
// (src/lib/i18n-catalogs.test.ts) fails on any of these; `make messages` runs this file
// (`node scripts/i18n-catalogs.mjs es …`) to add the missing strings with empty values and drop
// the stale ones, ready to translate.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

export const SRC = fileURLToPath(new URL("../src", import.meta.url));
export const LOCALES = join(SRC, "locales");

// Which source files each catalog serves, relative to src/: a domain's feature folder and the
// shared components and rules its pages show. A file that calls t() must be in one.
// The applicant's pages after signing in share the application form's components (the RSVP
// questions are drawn with them), the travel card (the apply form's last section, the
// dashboard's card) and the generic controls; each page loads one catalog, so each domain lists
// all it shows.
const APPLICANT_SHARED = [
  "components/application/form-checks.ts",
  "components/application/form-model.ts",
  "components/application/question-field.tsx",
  "components/autocomplete.tsx",
  "components/field.tsx",
  "components/lazy-autocomplete.tsx",
  "components/spinner.tsx",
  "features/travel/travel-card.tsx",
  "features/travel/travel-state.ts",
  "lib/api.ts",
];

// The organizers' pages share the page frame (the heading with its way back, the load error,
// the spinners), the generic controls and the API's messages.
const ORGANIZER_SHARED = [
  "components/alert.tsx",
  "components/back-link.tsx",
  "components/centered-spinner.tsx",
  "components/confirm-dialog.tsx",
  "components/field.tsx",
  "components/load-error.tsx",
  "components/page-header.tsx",
  "components/spinner.tsx",
  "lib/api.ts",
];
// A decision's words: the single decision form, the batch result and what Override overwrites,
// shown by the applications table, the applicant page and the batch page.
const DECISION_SHARED = [
  "components/application/decision-form.tsx",
  "components/email-results.tsx",
  "components/travel-field.tsx",
  "lib/batch-result.ts",
  "lib/overwrite.ts",
  "lib/text.ts",
];

export const DOMAINS = {
  // The sign-in pages, and the public ones around them: the home page and the loading page.
  accounts: [
    "features/accounts/",
    "pages/home.tsx",
    "pages/loading.tsx",
    "components/auth-scene.tsx",
    "components/field.tsx",
    "components/social-sign-in.tsx",
    "components/spinner.tsx",
    "lib/api.ts",
    "lib/validation.ts",
  ],
  apply: ["features/apply/", "app/apply-with-travel.tsx", ...APPLICANT_SHARED],
  dashboard: [
    "features/dashboard/",
    "app/dashboard-with-travel.tsx",
    "components/confirm-dialog.tsx",
    ...APPLICANT_SHARED,
  ],
  // The admin home (/admin): where the cycle stands, its funnel and to-dos, the tools. It also shows
  // the reviews' capacity panel.
  admin: [
    "features/home/",
    "features/reviews/capacity-panel.tsx",
    "features/reviews/linked-text.tsx",
    "features/reviews/state.ts",
    ...ORGANIZER_SHARED,
  ],
  // The applications table and one applicant's page, with its editor (the application form's
  // own fields) and history.
  applications: [
    "features/applications/",
    "components/application/answers.tsx",
    "components/application/applicant-parts.tsx",
    "components/application/form-checks.ts",
    "components/application/form-model.ts",
    "components/application/question-field.tsx",
    "components/autocomplete.tsx",
    "components/data-table.tsx",
    "components/lazy-autocomplete.tsx",
    ...DECISION_SHARED,
    ...ORGANIZER_SHARED,
  ],
  // Batch Update, drawn by the batch page (/admin/batch): that page's domain lists these too.
  decisions: ["features/decisions/", ...DECISION_SHARED, ...ORGANIZER_SHARED],
  // Administrators and the whitelist.
  people: ["features/people/", ...ORGANIZER_SHARED],
  // Statistics, demographics and the resume book.
  reports: ["features/reports/", "components/download-progress.tsx", "lib/progress.ts", ...ORGANIZER_SHARED],
  // The door on the event day: scan, search, the answer card, the offline queue, checkpoints
  // and walk-ins.
  checkin: ["features/checkin/", "components/alert.tsx", "components/field.tsx", "components/spinner.tsx", "lib/api.ts"],
  // The review: the assigned list, one review with its score form (and, for an organizer, the
  // applicant's answers and the decision form), assign, rubric, ranking with capacity and refill.
  reviews: [
    "features/reviews/",
    "components/alert.tsx",
    "components/application/answers.tsx",
    "components/application/applicant-parts.tsx",
    "components/application/form-model.ts",
    "components/data-table.tsx",
    ...DECISION_SHARED,
    ...ORGANIZER_SHARED,
  ],
  // The organizers' configuration page: the cycle's dates and status, the release's progress.
  config: ["features/cycles/", "components/progress-bar.tsx", "lib/progress.ts", ...ORGANIZER_SHARED],
  // The batch page (the decisions' Batch Update above the batch emails) and the automated emails.
  mailings: [
    "features/mailings/",
    "app/batch-page.tsx",
    "features/decisions/",
    ...DECISION_SHARED,
    "components/progress-bar.tsx",
    "lib/progress.ts",
    ...ORGANIZER_SHARED,
  ],
  // The question builder, with each section's preview drawn by the application form's fields.
  builder: [
    "features/builder/",
    "components/application/form-model.ts",
    "components/application/question-field.tsx",
    "components/autocomplete.tsx",
    "components/lazy-autocomplete.tsx",
    ...ORGANIZER_SHARED,
  ],
  // The webhook endpoints and the Slack and Discord notices.
  integrations: ["features/integrations/", ...ORGANIZER_SHARED],
  // The organizers' travel page (the applicant's travel card is in apply and dashboard): it
  // shares the amounts' and receipts' wording of travel-state.ts.
  "travel-admin": [
    // The whole folder, so a new file in it is held to the lint rule; the applicant's travel card
    // is in apply and dashboard too.
    "features/travel/",
    ...ORGANIZER_SHARED,
  ],
};

const STRING = String.raw`("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')`;
const SINGLE = new RegExp(String.raw`\bt(?:\.noop)?\(\s*${STRING}\s*[,)]`, "g");
const PLURAL = new RegExp(String.raw`\bt\.plural\([^,]+,\s*\{\s*one:\s*${STRING},\s*other:\s*${STRING}\s*,?\s*\}`, "g");

const unquote = (literal) => JSON.parse(literal[0] === '"' ? literal : `"${literal.slice(1, -1).replace(/\\'/g, "'").replace(/"/g, '\\"')}"`);

/** The strings one source text uses: singles by their text, plurals by their `other` form. */
export function extract(source) {
  const singles = [...source.matchAll(SINGLE)].map((m) => unquote(m[1]));
  const plurals = [...source.matchAll(PLURAL)].map((m) => unquote(m[2]));
  return { singles, plurals };
}

function sourceFiles(dir = SRC) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "locales" ? [] : sourceFiles(path);
    // Tests render with catalogs of their own; the library documents t() in its comments.
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !/^i18n/.test(entry.name) ? [path] : [];
  });
}

/** Each domain's strings ({ key: "single" | "plural" }), and the files that use t() in no domain. */
export function usedStrings() {
  const used = Object.fromEntries(Object.keys(DOMAINS).map((domain) => [domain, {}]));
  const orphans = [];
  for (const path of sourceFiles()) {
    const { singles, plurals } = extract(readFileSync(path, "utf8"));
    if (!singles.length && !plurals.length) continue;
    const file = relative(SRC, path).split("\\").join("/");
    const domains = Object.keys(DOMAINS).filter((d) => DOMAINS[d].some((prefix) => file.startsWith(prefix)));
    if (!domains.length) orphans.push(file);
    for (const domain of domains) {
      for (const key of singles) used[domain][key] = "single";
      for (const key of plurals) used[domain][key] = "plural";
    }
  }
  return { used, orphans };
}

/** Every shipped catalog: { lang, domain, path }. */
export function catalogs() {
  return readdirSync(LOCALES).flatMap((lang) =>
    readdirSync(join(LOCALES, lang))
      .filter((name) => name.endsWith(".json"))
      .map((name) => ({ lang, domain: name.replace(/\.json$/, ""), path: join(LOCALES, lang, name) })),
  );
}

/** What is wrong with one catalog against its domain's strings. */
export function problems(catalog, used) {
  const missing = Object.keys(used).filter((key) => !(key in catalog));
  const stale = Object.keys(catalog).filter((key) => !(key in used));
  const empty = Object.keys(used).filter((key) => {
    const value = catalog[key];
    if (!(key in catalog)) return false;
    if (used[key] === "plural") return typeof value !== "object" || !value || !value.other || Object.values(value).some((v) => !v);
    return typeof value !== "string" || !value.trim();
  });
  return { missing, stale, empty };
}

/** The catalog with the missing strings added (empty, to translate) and the stale ones dropped. */
export function updated(catalog, used) {
  const next = {};
  for (const [key, value] of Object.entries(catalog)) if (key in used) next[key] = value;
  for (const [key, kind] of Object.entries(used)) if (!(key in next)) next[key] = kind === "plural" ? { one: "", other: "" } : "";
  return next;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { used, orphans } = usedStrings();
  // The languages named on the command line (the Makefile's TRANSLATED_LANGUAGES) get a catalog
  // for every domain they lack, so a new language or domain starts from the full list.
  for (const lang of process.argv.slice(2)) {
    for (const domain of Object.keys(DOMAINS)) {
      const path = join(LOCALES, lang, `${domain}.json`);
      if (existsSync(path)) continue;
      mkdirSync(join(LOCALES, lang), { recursive: true });
      writeFileSync(path, "{}\n");
    }
  }
  for (const file of orphans) console.warn(`${file} calls t() but belongs to no domain (scripts/i18n-catalogs.mjs, DOMAINS)`);
  for (const { lang, domain, path } of catalogs()) {
    const catalog = JSON.parse(readFileSync(path, "utf8"));
    const next = updated(catalog, used[domain] ?? {});
    writeFileSync(path, `${JSON.stringify(next, null, 2)}\n`);
    const { empty, missing } = problems(next, used[domain] ?? {});
    console.log(`${lang}/${domain}.json: ${Object.keys(next).length} strings, ${empty.length + missing.length} to translate`);
  }
}
