/// <reference types="vitest/config" />
import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// One Vite input per page: every file in src/pages/ is an entry that django-vite loads.
const pagesDir = resolve(import.meta.dirname, "src/pages");
const inputs = Object.fromEntries(
  readdirSync(pagesDir)
    .filter((name) => name.endsWith(".tsx") && !name.includes(".test."))
    .map((name) => [name.replace(/\.tsx$/, ""), resolve(pagesDir, name)]),
);

export default defineConfig({
  plugins: [react()],
  base: "/static/",
  build: {
    outDir: "dist",
    emptyOutDir: true,
    manifest: "manifest.json",
    rollupOptions: {
      input: inputs,
      output: {
        codeSplitting: {
          // React, the API client, the catalog loader and the two components nearly every page
          // shows (the alert, the spinner), which every island or nearly every one runs, in one
          // chunk. Left to itself the bundler cuts them in more pieces once lazily loaded parts
          // share them (the dashboard's ticket and "Your data" card use the client too), and each
          // piece is a request of its own, gzipped apart: with React and the client alone here,
          // about 1.5 KB more on every page; with the loader and the two components too, the
          // dashboard fetches 4 files before it runs instead of 7, and every page is 0.2-0.6 KB
          // lighter (lib/js-budget.test.ts), even the three without the alert and the nine
          // without the spinner. Each file is a preload the browser handles before it draws
          // (docs/performance.md, "The first paint"). The bundler's own runtime, a few hundred
          // bytes, stays a chunk of its own: no group takes it.
          groups: [
            {
              name: "mount",
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|src[\\/](lib[\\/](api|config|query|mount|use-submit|i18n-load|i18n)|api[\\/]urls|components[\\/](alert|spinner))\.tsx?$/,
            },
          ],
        },
      },
    },
  },
  test: {
    setupFiles: ["./src/test-setup.ts"],
    css: false,
    // Vitest's default is one worker fewer than the cores: on a 2-core machine, one. Two halve
    // the run (about 115 s to 65 s here, with the projects below).
    maxWorkers: 2,
    // Worker threads rather than child processes (Vitest's default): five runs of the whole
    // suite took 58-72 s (mean 66) against 64-78 s (mean 72) for four runs with processes, the
    // two alternating on this 2-core machine, all 94 files passing in each. A few seconds of the
    // test run's ten minutes, at no cost to what is tested.
    pool: "threads",
    // A worker keeps its environment and the modules it imported from one test file to the next
    // instead of building a fresh jsdom window and importing React, the testing library and our
    // layers again for each of the ~90 files: a third of the run's CPU here. What a file changes
    // globally is undone after each test (src/test-setup.ts: mocks, stubbed globals, timers, the
    // catalog, the DOM), so no test sees another's leftovers.
    isolate: false,
    // Components (.test.tsx) get a DOM; plain logic (.test.ts) runs in Node, without building a
    // jsdom window for each file. A .ts test that needs the DOM says so in its first line
    // (`// @vitest-environment jsdom`).
    projects: [
      { extends: true, test: { name: "dom", environment: "jsdom", include: ["src/**/*.test.tsx"] } },
      { extends: true, test: { name: "node", environment: "node", include: ["src/**/*.test.ts"] } },
    ],
  },
});
