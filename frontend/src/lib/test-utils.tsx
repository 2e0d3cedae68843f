// Rendering a feature in tests as mount() does in the page: inside a TanStack Query provider.
import type { QueryClient } from "@tanstack/react-query";
import { render, type RenderOptions } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import { makeQueryClient, QueryProvider } from "./query";

/** The page's client, less its one retry of a 5xx: the retry waits a second, and a test of an
 *  error state wants the error at once (shouldRetry has its own table test). */
export function testQueryClient(): QueryClient {
  const client = makeQueryClient();
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  return client;
}

/** render() inside a fresh query cache (one per test, so no answer leaks into the next). */
export function renderWithQuery(ui: ReactElement, options: Omit<RenderOptions, "wrapper"> & { client?: QueryClient } = {}) {
  const { client = testQueryClient(), ...rest } = options;
  const wrapper = ({ children }: { children: ReactNode }) => <QueryProvider client={client}>{children}</QueryProvider>;
  return { client, ...render(ui, { wrapper, ...rest }) };
}
