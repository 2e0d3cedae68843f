import { StrictMode, type ComponentType } from "react";
import { createRoot } from "react-dom/client";
import { readJsonScript } from "./config";
import { makeQueryClient, QueryProvider } from "./query";

/**
 * Mount the page's island: `#<page>-root` with props from `#<page>-props`.
 * Throws a clear error when the template forgot either, instead of rendering nothing.
 */
export function mount<P extends object>(page: string, Component: ComponentType<P>): void {
  const start = () => {
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
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
}
