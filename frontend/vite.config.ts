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
    rollupOptions: { input: inputs },
  },
  test: {
    environment: "jsdom",
    setupFiles: ["./src/test-setup.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
    css: false,
  },
});
