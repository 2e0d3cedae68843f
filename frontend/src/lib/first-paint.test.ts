// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { afterFirstPaint } from "./first-paint";

// The browser's frames, by hand: requestAnimationFrame's callbacks run when the test says.
function frames() {
  const pending: FrameRequestCallback[] = [];
  vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => pending.push(callback));
  return { pending, draw: () => pending.splice(0).forEach((callback) => callback(0)) };
}
const painted = (done: boolean) =>
  vi.spyOn(performance, "getEntriesByName").mockReturnValue(done ? [{} as PerformanceEntry] : []);
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
function firstPaint() {
  document.body.innerHTML = '<div id="dashboard-root"><div data-first-paint><h1>Hi</h1></div></div>';
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

describe("afterFirstPaint", () => {
  it("before the first paint, resolves only after the next frame", async () => {
    firstPaint();
    painted(false);
    const { pending, draw } = frames();
    let done = false;
    const ready = afterFirstPaint().then(() => {
      done = true;
    });
    await tick();
    expect(done).toBe(false);
    expect(pending).toHaveLength(1);
    draw();
    await ready;
    expect(done).toBe(true);
  });

  it("resolves at once once the page has painted", async () => {
    firstPaint();
    painted(true);
    const { pending } = frames();
    await afterFirstPaint();
    expect(pending).toHaveLength(0);
  });

  it("resolves at once where the server drew no first paint (a spinner)", async () => {
    document.body.innerHTML = '<div id="dashboard-root"><div class="island__loading"></div></div>';
    painted(false);
    const { pending } = frames();
    await afterFirstPaint();
    expect(pending).toHaveLength(0);
  });

  it("resolves at once in a tab in the background, which draws no frame", async () => {
    firstPaint();
    painted(false);
    vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    const { pending } = frames();
    await afterFirstPaint();
    expect(pending).toHaveLength(0);
  });

  it("resolves in a tenth of a second where no frame comes all the same", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    firstPaint();
    painted(false);
    frames();
    let done = false;
    const ready = afterFirstPaint().then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(99);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await ready;
    expect(done).toBe(true);
  });
});
