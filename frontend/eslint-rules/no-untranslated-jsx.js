// Plain text in the JSX of a translated page: words written into the markup, or into a prop
// that is shown or read out (a label, a placeholder, an aria-label), instead of through t().
// Such a text stays English on a Spanish page. eslint.config.js applies the rule to the files of
// the translated domains (DOMAINS in scripts/i18n-catalogs.mjs), so a new untranslated string
// there fails `make lint`.
//
// What counts as text: a string with a letter in it (any script). Punctuation, symbols and
// spaces ("✓", "·", " ") are not text. A string inside a call (t("…"), a class-name helper) is
// not looked at: the call decides what it shows.

/** The props whose strings a person sees or hears. */
export const TEXT_PROPS = new Set([
  "alt",
  "aria-label",
  "aria-valuetext",
  "busyLabel",
  "cancelLabel",
  "confirmLabel",
  "description",
  "hint",
  "label",
  "legend",
  "placeholder",
  "title",
]);

const LETTER = /\p{L}/u;

export default {
  meta: {
    type: "problem",
    docs: { description: "Text in the JSX of a translated page goes through t() (docs/i18n.md)" },
    schema: [],
    messages: {
      text: "Untranslated text in JSX: \"{{ text }}\". Write it as t(\"…\") (docs/i18n.md, \"Adding a string to an island\").",
    },
  },
  create(context) {
    function check(node, value) {
      if (typeof value === "string" && LETTER.test(value)) {
        context.report({ node, messageId: "text", data: { text: value.trim().replace(/\s+/g, " ").slice(0, 60) } });
      }
    }

    /** The strings an expression can show as it is: a literal, a template's fixed parts, either
     *  side of a condition, the fallback of `a && "…"` / `a ?? "…"`. */
    function inspect(expression) {
      switch (expression.type) {
        case "Literal":
          check(expression, expression.value);
          break;
        case "TemplateLiteral":
          for (const part of expression.quasis) check(part, part.value.cooked ?? part.value.raw);
          break;
        case "ConditionalExpression":
          inspect(expression.consequent);
          inspect(expression.alternate);
          break;
        case "LogicalExpression":
          inspect(expression.left);
          inspect(expression.right);
          break;
        default:
          break;
      }
    }

    return {
      JSXText(node) {
        check(node, node.value);
      },
      JSXExpressionContainer(node) {
        if (node.parent.type === "JSXElement" || node.parent.type === "JSXFragment") inspect(node.expression);
      },
      JSXAttribute(node) {
        const name = node.name.type === "JSXNamespacedName" ? node.name.name.name : node.name.name;
        if (!TEXT_PROPS.has(name) || !node.value) return;
        if (node.value.type === "Literal") check(node.value, node.value.value);
        else if (node.value.type === "JSXExpressionContainer") inspect(node.value.expression);
      },
    };
  },
};
