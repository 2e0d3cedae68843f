/**
 * Resolve once the browser has drawn the first paint the server wrote: at once where there is
 * none (no `data-first-paint` in the page), where the page has painted, or where it is hidden (a
 * tab in the background draws no frame, and runs timers late); else after the next frame.
 *
 * The dashboard draws its headline, status and card on the server, with a spinner for the rest
 * (templates/dashboard.html). On a reload everything its island needs is in the cache before the
 * first frame, and React's first render, run then, held that frame up: its first contentful
 * paint came at 52 ms against 40 for the 404 page in Chromium, 48 ms once the island waits for
 * this (`mount(…, { after: afterFirstPaint() })`). The first frame then always shows the
 * server's first paint, and the whole island the frame after. A page whose placeholder is only a
 * spinner doesn't wait: it would show a frame of spinner for nothing. Only the dashboard imports
 * this, so the other pages' shared chunk doesn't carry it (lib/js-budget.test.ts).
 *
 * "Drawn" is the frame's work done on the main thread (a task after its requestAnimationFrame
 * callbacks), which is what the island must not hold up; the pixels may reach the screen a few
 * milliseconds later.
 */
export function afterFirstPaint(): Promise<void> {
  if (!document.querySelector("[data-first-paint]") || document.visibilityState === "hidden") {
    return Promise.resolve();
  }
  if (performance.getEntriesByName("first-contentful-paint").length) return Promise.resolve();
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0)); // a frame's callbacks run before it is drawn
    setTimeout(resolve, 100); // in case no frame comes all the same
  });
}
