import { StrictMode, type ComponentType } from "react";
import { createRoot } from "react-dom/client";
import { readJsonScript } from "./config";
import { makeQueryClient, QueryProvider } from "./query";

/**
 * Apply the island's stylesheets, which the page only preloaded so that they hold up none of its
 * first paint (templates/island.html: django-vite's `vite_preload_asset`), and resolve once each
 * has loaded or failed: the island never shows unstyled, and a sheet that fails to load leaves it
 * plain, not missing. New elements, so no load can come before the listener; the preload has
 * the file on its way or in.
 * Vite's loader of a lazily imported chunk adds a sheet the page already has only until this has
 * run (it looks for `rel="stylesheet"`): a module that imports a chunk with a shared sheet at load
 * time, before mount, would add a second copy after the page's own (none does).
 */
export function islandStyles(): Promise<unknown> {
  const preloads = document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]');
  return Promise.all(
    Array.from(preloads, (preload) => {
      const sheet = document.createElement("link");
      sheet.rel = "stylesheet";
      sheet.href = preload.href;
      const loaded = new Promise((resolve) => {
        sheet.addEventListener("load", resolve, { once: true });
        sheet.addEventListener("error", resolve, { once: true });
      });
      preload.after(sheet); // next to its preload: the cascade keeps the page's order
      return loaded;
    }),
  );
}

/**
 * Mount the page's island: `#<page>-root` with props from `#<page>-props`, once its sheets are
 * applied and `options.after` (lib/first-paint.ts) has resolved.
 * Throws a clear error when the template forgot either, instead of rendering nothing.
 */
export function mount<P extends object>(
  page: string,
  Component: ComponentType<P>,
  options: { after?: Promise<unknown> } = {},
): void {
  const start = () =>
    void Promise.all([islandStyles(), options.after]).then(() => {
      const root = document.getElementById(`${page}-root`);
      if (!root) throw new Error(`mount(${page}): no element #${page}-root on this page.`);
      const props = readJsonScript<P>(`${page}-props`);
      createRoot(root).render(
        <StrictMode>
          <QueryProvider client={makeQueryClient()}>
            <Component {...props} />
          </QueryProvider>
        </StrictMode>,
      );
    });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
}
