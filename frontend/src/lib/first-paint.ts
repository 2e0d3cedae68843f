/**
 * Resolve once the page's first paint drawn by the server is on the screen: at once where there
 * is none (no `data-first-paint` in the page) or the page has painted, else after the next frame.
 *
 * The dashboard drew its headline, status and card on the server (templates/dashboard.html). On
 * a reload everything its island needs is in the cache before the first frame, and React's first
 * render, run then, held that frame up (48 to 52 ms against 40 for the 404 page in Chromium),
 * though the frame shows what the server drew and the island draws the same: the island waits
 * for this before it renders (`mount(…, { after: afterFirstPaint() })`). A page whose
 * placeholder is a spinner doesn't: it would flash the spinner for a frame. Only the dashboard
 * imports this, so the other pages' shared chunk doesn't carry it (lib/js-budget.test.ts).
 */
export function afterFirstPaint(): Promise<void> {
  if (!document.querySelector("[data-first-paint]")) return Promise.resolve();
  if (performance.getEntriesByName("first-contentful-paint").length) return Promise.resolve();
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0)); // a frame's callbacks run before it is drawn
    setTimeout(resolve, 100); // a tab in the background draws no frame
  });
}
