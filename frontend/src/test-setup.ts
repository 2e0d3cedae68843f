import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// Vitest runs without globals, so Testing Library can't register its own cleanup.
afterEach(() => cleanup());

// `make test` shares two cores with the Python suite and Chromium: a form test that types and
// waits can take several seconds there, so the default 5 s limit fails good tests at random.
vi.setConfig({ testTimeout: 30_000 });

// findBy… and waitFor give up after 1 s by default: on a loaded machine (CI shares two cores
// with other work) a page that renders after a mocked request can take longer, and a good test
// failed at random. A wrong page still fails, only later.
configure({ asyncUtilTimeout: 5_000 });
