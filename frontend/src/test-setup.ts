import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, vi } from "vitest";
import { setConfig } from "./lib/config";
import { setCatalog } from "./lib/i18n";

// Vitest runs without globals, so Testing Library can't register its own cleanup.
afterEach(() => cleanup());

// `make test` shares two cores with the Python suite and Chromium: a form test that types and
// waits can take several seconds there, so the default 5 s limit fails good tests at random.
vi.setConfig({ testTimeout: 30_000 });

// findBy… and waitFor give up after 1 s by default: on a loaded machine (CI shares two cores
// with other work) a page that renders after a mocked request can take longer, and a good test
// failed at random. A wrong page still fails, only later.
configure({ asyncUtilTimeout: 5_000 });

// A worker runs test file after test file in one environment (vite.config.ts, `isolate: false`):
// what a file installs globally is undone when it ends, so the next file starts as if alone.
afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  setConfig(null);
  setCatalog(undefined);
  if (typeof document !== "undefined") {
    document.body.innerHTML = "";
    document.documentElement.removeAttribute("lang");
    localStorage.clear();
    sessionStorage.clear();
  }
});
