// The lint rule against plain English in the JSX of the translated pages
// (eslint-rules/no-untranslated-jsx.js): what it reports, and that the project's configuration
// (what `make lint` runs) applies it to every source file.
import { ESLint, Linter } from "eslint";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";
import rule from "../../eslint-rules/no-untranslated-jsx.js";

const linter = new Linter({ configType: "flat" });
const CONFIG: Linter.Config[] = [
  {
    files: ["**/*.tsx"],
    languageOptions: { parser: tseslint.parser as Linter.Parser, parserOptions: { ecmaFeatures: { jsx: true } } },
    plugins: { portal: { rules: { "no-untranslated-jsx": rule } } },
    rules: { "portal/no-untranslated-jsx": 2 },
  },
];

/** The texts the rule reports in one component's source. */
function reported(source: string): string[] {
  return linter
    .verify(`const t = (s: string) => s;\nexport const C = ({ a, b }: { a: boolean; b?: string }) => (${source});`, CONFIG, "fixture.tsx")
    .map((message) => message.message.replace(/^Untranslated text in JSX: "(.*)"\..*$/s, "$1"));
}

describe("no-untranslated-jsx", () => {
  it.each<[string, string, string[]]>([
    ["text between tags", "<p>Save for later</p>", ["Save for later"]],
    ["a string child", '<p>{"Save for later"}</p>', ["Save for later"]],
    ["either side of a condition", '<button>{a ? "Saving…" : t("Save")}</button>', ["Saving…"]],
    ["a fallback", '<p>{b ?? "Nothing yet"}</p>', ["Nothing yet"]],
    ["a template's words", "<p>{`Ticket ${b}`}</p>", ["Ticket"]],
    ["a label prop", '<Field label="First name" />', ["First name"]],
    ["an aria-label", '<ol aria-label="Application progress" />', ["Application progress"]],
    ["a placeholder in braces", '<input placeholder={"Start typing…"} />', ["Start typing…"]],
    ["Spanish written in place is text too", "<p>Guardar</p>", ["Guardar"]],
  ])("reports %s", (_, source, texts) => {
    expect(reported(source)).toEqual(texts);
  });

  it.each<[string, string]>([
    ["text through t()", '<p>{t("Save for later")}</p>'],
    ["a prop through t()", '<Field label={t("First name")} hint={a ? t("Yes") : t("No")} />'],
    ["punctuation and symbols", '<p><span aria-hidden="true">✓ </span>{" "}·{b}</p>'],
    ["props nobody reads", '<input type="text" className="input apply-input" autoComplete="given-name" />'],
    ["values", "<p>{b}</p>"],
  ])("leaves %s alone", (_, source) => {
    expect(reported(source)).toEqual([]);
  });
});

describe("the project's lint configuration", () => {
  const eslint = new ESLint({ cwd: join(__dirname, "..", "..") });
  const UNTRANSLATED = 'export function Broken() {\n  return <p>Your application is submitted.</p>;\n}\n';

  const folders = [...readdirSync(join(__dirname, "..", "features")).map((name) => `features/${name}`), "pages", "components", "app", "lib"];

  it.each(folders)("fails on untranslated text in any file of %s", async (folder) => {
    const [result] = await eslint.lintText(UNTRANSLATED, { filePath: `src/${folder}/broken.tsx` });
    expect(result.messages.map((m) => m.ruleId)).toContain("portal/no-untranslated-jsx");
  });
});
