// The rule behind TanStack Query: data a page loads is read with useQuery (loading, error and
// refetch from one place), never fetched by hand inside a useEffect. A scan of the features'
// source keeps it so: a useEffect whose body calls the API client fails this test.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// The screens' code: the features, the shared components and the pages put together in app/.
const SRC = join(__dirname, "..");
const SCREENS = ["features", "components", "app"].map((folder) => join(SRC, folder));

// Being reworked by other hands at the time of the rule; they join it when they land.
const NOT_YET = new Set([
  "features/people/administrators.tsx",
]);

// A call on one of the API modules (organizerApi.list(…), reportsApi.stats(), api.get(…)) or
// the raw client; what an effect may not do to load data.
const API_CALL = /\b(?:\w+Api|api)\s*\.\s*\w+\s*\(|\brequest\s*\(|\bfetch\s*\(/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The text from the bracket at `open` to its match (strings are rare enough in these bodies
 *  that a plain count is right for this code base). */
function balanced(source: string, open: number): string {
  const [left, right] = source[open] === "(" ? ["(", ")"] : ["{", "}"];
  let depth = 0;
  for (let end = open; end < source.length; end++) {
    if (source[end] === left) depth++;
    else if (source[end] === right && --depth === 0) return source.slice(open, end + 1);
  }
  return source.slice(open);
}

/** Local functions that call the API: `const load = useCallback(…)`, `function load() {…}`,
 *  `const load = async () => {…}`, so an effect can't hide its fetch one call away. */
function fetchingHelpers(source: string): Set<string> {
  const names = new Set<string>();
  const definition = /\b(?:const\s+(\w+)\s*=\s*(?:useCallback\s*\(|(?:async\s*)?\([^)]*\)\s*=>\s*\{)|(?:async\s+)?function\s+(\w+)\s*\([^)]*\)[^{]*\{)/g;
  let match: RegExpExecArray | null;
  while ((match = definition.exec(source))) {
    const body = balanced(source, match.index + match[0].length - 1);
    if (API_CALL.test(body)) names.add(match[1] ?? match[2]);
  }
  return names;
}

/** Each `useEffect(` with its argument list and line. */
export function effectBodies(source: string): { line: number; body: string }[] {
  const found: { line: number; body: string }[] = [];
  const pattern = /\buseEffect\s*\(/g;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(source))) {
    const body = balanced(source, match.index + match[0].length - 1);
    found.push({ line: source.slice(0, match.index).split("\n").length, body });
  }
  return found;
}

export function effectFetches(source: string): number[] {
  const helpers = [...fetchingHelpers(source)];
  const callsHelper = (body: string) => helpers.some((name) => new RegExp(`\\b${name}\\s*\\(`).test(body));
  return effectBodies(source)
    .filter(({ body }) => API_CALL.test(body) || callsHelper(body))
    .map(({ line }) => line);
}

describe("effectFetches", () => {
  it.each([
    ["useEffect(() => { void organizerApi.list().then(setRows); }, []);", [1]],
    ["useEffect(() => {\n  api.get(urls.stats).then(set);\n}, []);", [1]],
    ["useEffect(() => {\n  reportsApi\n    .demographics(group)\n    .then(set);\n}, [group]);", [1]],
    ["const q = useQuery({ queryKey: k, queryFn: () => reportsApi.stats() });", []],
    ["useEffect(() => { heading.current?.focus(); }, [id]);", []],
    ["useEffect(() => {\n  if (x) setY(f(z));\n}, [x]);\nconst a = mailingsApi.list();", []],
    ["const load = useCallback(async () => {\n  setRows(await mailingsApi.list());\n}, []);\nuseEffect(() => {\n  void load();\n}, [load]);", [4]],
    ["async function refresh() {\n  set(await api.get(u));\n}\nuseEffect(() => void refresh(), []);", [4]],
    ["function focus() {\n  el.focus();\n}\nuseEffect(() => focus(), []);", []],
  ])("%s → %j", (source, lines) => {
    expect(effectFetches(source)).toEqual(lines);
  });
});

describe("features load their data with useQuery", () => {
  it("has no useEffect that calls the API client", () => {
    const offenders = SCREENS.flatMap(sourceFiles)
      .map((path) => [relative(SRC, path).split("\\").join("/"), path] as const)
      .filter(([name]) => !NOT_YET.has(name))
      .flatMap(([name, path]) => effectFetches(readFileSync(path, "utf8")).map((line) => `${name}:${line}`));
    expect(offenders).toEqual([]);
  });
});
