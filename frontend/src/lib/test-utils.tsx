// Rendering a feature in tests as mount() does in the page: inside a TanStack Query provider.
import type { QueryClient } from "@tanstack/react-query";
import { render, type RenderOptions } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import type { Catalog } from "./i18n";
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

/**
 * The texts of `root` a person reads or hears (its text nodes, and the attributes read out or
 * shown: aria-label, placeholder, alt, title) that are one of the catalog's English strings, a
 * `{placeholder}` matching any words: what a page in the catalog's language still shows in
 * English. A string the language writes the same way ("No" in Spanish) doesn't count.
 */
export function englishLeft(catalog: Catalog, root: Element = document.body): string[] {
  const patterns = Object.entries(catalog)
    .filter(([english, translated]) => translated !== english)
    .map(([english]) => new RegExp(`^${english.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\\\{\w+\\\}/g, ".+")}$`, "s"));
  const texts: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement?.closest("script, style")) texts.push(node.textContent ?? "");
  }
  for (const element of root.querySelectorAll("[aria-label], [placeholder], [alt], [title]")) {
    for (const name of ["aria-label", "placeholder", "alt", "title"]) texts.push(element.getAttribute(name) ?? "");
  }
  return [...new Set(texts.map((text) => text.trim()))].filter((text) => text && patterns.some((pattern) => pattern.test(text)));
}
