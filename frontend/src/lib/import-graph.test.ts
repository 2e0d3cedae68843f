// The frontend's import graph has no loops: not between features (each may use only the shared
// layers and itself; the lint rule in eslint.config.js says which layer may use which), and not
// between two modules anywhere in src. A loop here is what made the organizer pages and the
// reviews and mailings features grow into each other. `npx vitest run src/lib/import-graph`
// prints the features' graph when it fails.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = join(__dirname, "..");
const EXTENSIONS = [".ts", ".tsx", "/index.ts", "/index.tsx"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.(test|d)\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The files `path` imports from src (packages, styles and data files left out). */
export function importsOf(path: string, source: string): string[] {
  const specs = [...source.matchAll(/(?:^|\n)\s*(?:import|export)\b[^"'`;]*?["'](\.{1,2}\/[^"']+)["']/g)].map((m) => m[1]);
  return specs.flatMap((spec) => {
    const base = resolve(dirname(path), spec);
    const found = EXTENSIONS.map((ext) => base + ext).find((candidate) => {
      try {
        return statSync(candidate).isFile();
      } catch {
        return false;
      }
    });
    return found ? [found] : [];
  });
}

/** Every loop of `graph`, as the nodes of each strongly connected part larger than one node
 *  (or one node importing itself); Tarjan's algorithm. */
export function loops(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  function visit(node: string) {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const part: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        part.push(member);
      } while (member !== node);
      if (part.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(part.sort());
    }
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** The folder a file belongs to: `features/<name>` for a feature, else its top folder in src.
 *  lib/ and api/ count as one base layer: the client (lib/api.ts) asks api/urls.ts for its
 *  refresh route and the typed calls in api/ go through the client; no file loop comes of it. */
function unitOf(path: string): string {
  const parts = relative(SRC, path).split(/[\\/]/);
  if (parts[0] === "features") return `features/${parts[1]}`;
  if (parts[0] === "lib" || parts[0] === "api") return "lib+api";
  return parts.length > 1 ? parts[0] : ".";
}

const files = sourceFiles(SRC);
const fileGraph = new Map(files.map((path) => [path, importsOf(path, readFileSync(path, "utf8"))]));
const unitGraph = new Map<string, string[]>();
for (const [path, targets] of fileGraph) {
  const from = unitOf(path);
  const edges = unitGraph.get(from) ?? [];
  for (const to of targets.map(unitOf)) if (to !== from && !edges.includes(to)) edges.push(to);
  unitGraph.set(from, edges.sort());
}

describe("the import graph", () => {
  it("is read from the code (the scan finds the features and their imports)", () => {
    expect([...unitGraph.keys()].filter((unit) => unit.startsWith("features/")).length).toBeGreaterThan(5);
    expect(unitGraph.get("features/applications")).toEqual(expect.arrayContaining(["components", "lib+api"]));
  });

  it("has no loop between two modules", () => {
    const named = loops(fileGraph).map((part) => part.map((path) => relative(SRC, path)));
    expect(named).toEqual([]);
  });

  it("has no loop between the folders (features, components, lib and api, app, pages)", () => {
    const graph = [...unitGraph].map(([from, to]) => `${from} → ${to.join(", ") || "(nothing)"}`).join("\n");
    expect(loops(unitGraph), graph).toEqual([]);
  });

  it("lets no feature import another", () => {
    const crossings = [...unitGraph].flatMap(([from, to]) =>
      from.startsWith("features/") ? to.filter((unit) => unit.startsWith("features/")).map((unit) => `${from} → ${unit}`) : [],
    );
    expect(crossings).toEqual([]);
  });
});

describe("loops()", () => {
  it.each([
    ["none in a chain", { a: ["b"], b: ["c"], c: [] }, []],
    ["a two-node loop", { a: ["b"], b: ["a"], c: ["a"] }, [["a", "b"]]],
    ["a self-import", { a: ["a"] }, [["a"]]],
    ["two separate loops", { a: ["b"], b: ["a"], c: ["d"], d: ["e"], e: ["c"] }, [["a", "b"], ["c", "d", "e"]]],
  ])("finds %s", (_name, edges, expected) => {
    const found = loops(new Map(Object.entries(edges)));
    expect(found.sort((x, y) => x[0].localeCompare(y[0]))).toEqual(expected);
  });
});
