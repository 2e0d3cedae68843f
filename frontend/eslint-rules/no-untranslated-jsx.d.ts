// Types for no-untranslated-jsx.js (plain JavaScript, which ESLint loads without a build).
import type { Rule } from "eslint";

export const TEXT_PROPS: Set<string>;
declare const rule: Rule.RuleModule;
export default rule;
