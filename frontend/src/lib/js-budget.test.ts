// What each page makes a browser download before it can run, in gzip bytes: the page's entry in
// the built manifest (frontend/dist/manifest.json, written by `make build`) and every chunk it
// imports statically, followed to the end. Dynamic imports (a lazily loaded chart library, the
// camera's barcode reader) are left out: the page runs and shows its loading state without them.
// Applicants are often on a phone on a slow connection, so their pages get the tighter budget.
// Sizes are gzip at level 9, as the static file storage compresses them for serving.
// `npx vitest run src/lib/js-budget` prints the table.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";

const DIST = join(__dirname, "..", "..", "dist");
const MANIFEST = join(DIST, "manifest.json");

export const APPLICANT_BUDGET = 90 * 1024;
export const ORGANIZER_BUDGET = 150 * 1024;

export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

// Pages above their goal, each held at what it weighs so that it can only shrink. The goal
// stands; an entry goes once its page is back under it (the last test below says when), as the
// dashboard's did once its RSVP form, ticket and "Your data" card loaded apart, and the apply
// form's once its resume upload, team answer and consents did, and a submit's code and the
// checks' messages went with the checks. None today.
export const HELD_AT: Record<string, number> = {};

/** Organizer and staff pages (the admin pages and the door's check-in) get the larger budget. */
export function goalOf(entry: string): number {
  const name = entry.replace(/^.*\//, "").replace(/\.tsx?$/, "");
  return name.startsWith("admin") || name === "checkin" ? ORGANIZER_BUDGET : APPLICANT_BUDGET;
}

/** The goal, or for a page held above it, what it weighs today. */
export function budgetOf(entry: string): number {
  const name = entry.replace(/^.*\//, "").replace(/\.tsx?$/, "");
  return HELD_AT[name] ?? goalOf(entry);
}

/** Every JS file `entry` loads before it runs: itself and its static imports, each once. */
export function staticClosure(manifest: Manifest, entry: string): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest names ${key} but has no such chunk`);
    files.push(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  visit(entry);
  return files;
}

export interface PageSize {
  page: string;
  bytes: number;
  budget: number;
  files: number;
}

export function pageSizes(manifest: Manifest, sizeOf: (file: string) => number): PageSize[] {
  return Object.entries(manifest)
    .filter(([, chunk]) => chunk.isEntry)
    .map(([key]) => {
      const files = staticClosure(manifest, key);
      return {
        page: key.replace(/^src\/pages\//, "").replace(/\.tsx?$/, ""),
        bytes: files.reduce((sum, file) => sum + sizeOf(file), 0),
        budget: budgetOf(key),
        files: files.length,
      };
    })
    .sort((a, b) => b.bytes / b.budget - a.bytes / a.budget);
}

export function table(rows: PageSize[]): string {
  const kb = (n: number) => (n / 1024).toFixed(1).padStart(6);
  const lines = rows.map(
    (r) =>
      `${r.page.padEnd(24)} ${kb(r.bytes)} KB  of ${kb(r.budget)} KB  ${String(r.files).padStart(2)} files  ${r.bytes > r.budget ? "OVER" : "ok"}`,
  );
  return ["page                      gzip JS      budget      chunks", ...lines].join("\n");
}

describe("the budget arithmetic", () => {
  const manifest: Manifest = {
    "src/pages/register.tsx": { file: "assets/register.js", isEntry: true, imports: ["_a.js", "_b.js"], dynamicImports: ["_lazy.js"] },
    "src/pages/admin-stats.tsx": { file: "assets/stats.js", isEntry: true, imports: ["_b.js"] },
    "_a.js": { file: "assets/a.js", imports: ["_b.js"] },
    "_b.js": { file: "assets/b.js", imports: ["_a.js"] },
    "_lazy.js": { file: "assets/lazy.js" },
  };

  it("follows static imports once each, through loops, and never a dynamic one", () => {
    expect(staticClosure(manifest, "src/pages/register.tsx")).toEqual(["assets/register.js", "assets/a.js", "assets/b.js"]);
  });

  it("adds the shared chunks to each page and gives admin pages the organizer budget", () => {
    const sizes = pageSizes(manifest, (file) => ({ "assets/register.js": 10, "assets/a.js": 5, "assets/b.js": 7, "assets/stats.js": 3 })[file] ?? 999);
    expect(sizes.find((r) => r.page === "register")).toMatchObject({ bytes: 22, budget: APPLICANT_BUDGET });
    expect(sizes.find((r) => r.page === "admin-stats")).toMatchObject({ bytes: 15, budget: ORGANIZER_BUDGET });
  });
});

describe("every page's JavaScript fits its budget", () => {
  it("the built manifest's pages, with their shared chunks, in gzip bytes", () => {
    // `make setup` builds the frontend before any test runs; without a build there is nothing to weigh.
    expect(existsSync(MANIFEST), "frontend/dist/manifest.json is missing: run `make build` first").toBe(true);
    const manifest = JSON.parse(readFileSync(MANIFEST, "utf8")) as Manifest;
    const rows = pageSizes(manifest, (file) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length);
    console.log(`\nJavaScript per page (gzip -9, entry and static imports)\n${table(rows)}\n`);
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter((r) => r.bytes > r.budget).map((r) => `${r.page}: ${(r.bytes / 1024).toFixed(1)} KB`)).toEqual([]);
  });

  it("holds a page above its goal only while it is above it", () => {
    const manifest = JSON.parse(readFileSync(MANIFEST, "utf8")) as Manifest;
    const rows = pageSizes(manifest, (file) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length);
    const back = rows.filter((r) => r.page in HELD_AT && r.bytes <= goalOf(`src/pages/${r.page}.tsx`));
    expect(back.map((r) => `${r.page} is within its goal again: remove it from HELD_AT`)).toEqual([]);
  });
});
