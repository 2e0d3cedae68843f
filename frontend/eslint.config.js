// The frontend's lint rules: the import boundaries between its layers, and no untranslated
// text in any JSX.
//
// A feature (features/<domain>/) is one domain's screens and their logic. It may use the shared
// layers (components/, lib/, api/, styles/) and its own folder, never another feature: a page
// that shows two domains together is put together in app/ (or its island entry in pages/), so
// no feature can grow a loop through another. The shared layers import no feature at all.
import boundaries from "eslint-plugin-boundaries";
import tseslint from "typescript-eslint";
import noUntranslatedJsx from "./eslint-rules/no-untranslated-jsx.js";

const SHARED = ["components", "lib", "api", "styles"];

export default [
  { ignores: ["dist/**", "node_modules/**", "src/api/schema.d.ts"] },
  {
    files: ["src/**/*.{ts,tsx}"],
    languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
    plugins: { boundaries },
    settings: {
      "boundaries/elements": [
        { type: "feature", pattern: "src/features/*", capture: ["feature"] },
        { type: "app", pattern: "src/app" },
        { type: "pages", pattern: "src/pages" },
        ...SHARED.map((type) => ({ type, pattern: `src/${type}` })),
      ],
      "boundaries/include": ["src/**/*"],
      // Vitest's setup: it imports only the test matchers.
      "boundaries/ignore": ["src/test-setup.ts"],
      "import/resolver": { node: { extensions: [".ts", ".tsx", ".js", ".json", ".css"] } },
    },
    rules: {
      "boundaries/no-unknown-files": 2,
      "boundaries/dependencies": [
        2,
        {
          default: "disallow",
          message: "{{ from.element.type }} {{ from.element.captured.feature }} may not import {{ to.element.type }} {{ to.element.captured.feature }}: a feature uses only components/, lib/, api/ and its own folder, the shared layers use no feature, and app/ puts features together",
          policies: [
            // The base: lib (the API client, pure helpers) and api (the routes and shapes) know
            // nothing of the screens; components may use both.
            { from: { element: { types: { anyOf: ["lib", "api"] } } }, allow: { to: { element: { types: { anyOf: ["lib", "api"] } } } } },
            {
              from: { element: { type: "components" } },
              allow: { to: { element: { types: { anyOf: ["components", "lib", "api", "styles"] } } } },
            },
            // A feature: the shared layers and its own folder.
            { from: { element: { type: "feature" } }, allow: { to: { element: { types: { anyOf: SHARED } } } } },
            {
              from: { element: { type: "feature" } },
              allow: { to: { element: { type: "feature", captured: { feature: "{{ from.element.captured.feature }}" } } } },
            },
            // Compositions and island entries put features together.
            {
              from: { element: { types: { anyOf: ["app", "pages"] } } },
              allow: { to: { element: { types: { anyOf: ["feature", "app", ...SHARED] } } } },
            },
          ],
        },
      ],
    },
  },
  {
    // Every source file: a page's text comes through t() wherever it is written (docs/i18n.md).
    files: ["src/**/*.{ts,tsx}"],
    // Tests render with English texts of their own.
    ignores: ["src/**/*.test.{ts,tsx}"],
    plugins: { portal: { rules: { "no-untranslated-jsx": noUntranslatedJsx } } },
    rules: { "portal/no-untranslated-jsx": 2 },
  },
];
