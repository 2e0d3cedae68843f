import { afterEach, describe, expect, it, vi } from "vitest";
import { islandStyles, mount } from "./mount";

// The page preloads the island's sheets (templates/island.html); the island applies
// them and mounts once each has loaded or failed.
// The head is shared with the files before (Vitest's isolate: false): each test looks only at,
// and removes, what it added.
const added: Element[] = [];

function preload(href: string): HTMLLinkElement {
  const link = document.createElement("link");
  added.push(link);
  link.rel = "preload";
  link.setAttribute("as", "style");
  link.href = href;
  document.head.append(link);
  return link;
}

// The sheets islandStyles applied: each right after its preload.
const sheets = () =>
  added
    .filter((link): link is HTMLLinkElement => link instanceof HTMLLinkElement && link.rel === "preload")
    .map((link) => link.nextElementSibling as HTMLLinkElement);

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  for (const element of added) {
    if (element instanceof HTMLLinkElement && element.nextElementSibling?.getAttribute("rel") === "stylesheet") {
      element.nextElementSibling.remove();
    }
    element.remove();
  }
  added.length = 0;
});

describe("islandStyles", () => {
  it("applies each preloaded sheet next to its preload, in the page's order", () => {
    preload("/static/assets/shared.css");
    preload("/static/assets/page.css");
    void islandStyles();
    const applied = sheets();
    expect(applied.map((link) => [link.rel, new URL(link.href).pathname])).toEqual([
      ["stylesheet", "/static/assets/shared.css"],
      ["stylesheet", "/static/assets/page.css"],
    ]);
    // Document order is the cascade's: the shared sheet before the page's own.
    expect(applied[0].compareDocumentPosition(applied[1]) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("resolves only once every sheet has loaded or failed", async () => {
    preload("/static/assets/a.css");
    preload("/static/assets/b.css");
    let done = false;
    const ready = islandStyles().then(() => {
      done = true;
    });
    const [a, b] = sheets();
    a.dispatchEvent(new Event("load"));
    await Promise.resolve();
    await Promise.resolve();
    expect(done).toBe(false);
    b.dispatchEvent(new Event("error")); // a sheet that fails leaves the island plain, not missing
    await ready;
    expect(done).toBe(true);
  });

  it("resolves at once on a page without island sheets (Vite's dev server brings its own)", async () => {
    await expect(islandStyles()).resolves.toEqual([]);
  });
});

describe("mount", () => {
  function page(name: string) {
    const root = document.createElement("div");
    root.id = `${name}-root`;
    root.innerHTML = "<h1>Drawn by the server</h1>";
    const props = document.createElement("script");
    props.type = "application/json";
    props.id = `${name}-props`;
    props.textContent = JSON.stringify({ word: "mounted" });
    document.body.append(props, root);
    added.push(props, root);
    return root;
  }
  const Island = ({ word }: { word: string }) => <p>{word}</p>;
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

  it("renders only once `after` has resolved (the dashboard: its first paint on the screen)", async () => {
    const root = page("waiting");
    let drawn!: () => void;
    mount("waiting", Island, { after: new Promise<void>((resolve) => (drawn = resolve)) });
    await tick();
    await tick();
    expect(root.textContent).toBe("Drawn by the server");
    drawn();
    await vi.waitFor(() => expect(root.textContent).toBe("mounted"));
  });

  it("renders as soon as its sheets are in without `after`", async () => {
    const root = page("at-once");
    mount("at-once", Island);
    await vi.waitFor(() => expect(root.textContent).toBe("mounted"));
  });
});
