import { useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { t } from "../../lib/i18n";
import { applyFormat, insertPlaceholder, shortcutFormat, type Edit, type Format } from "./markdown-edit";

const BUTTONS: { format: Format; label: string; shortcut?: string }[] = [
  { format: "bold", label: t.noop("Bold"), shortcut: "B" },
  { format: "italic", label: t.noop("Italic"), shortcut: "I" },
  { format: "link", label: t.noop("Link"), shortcut: "K" },
  { format: "list", label: t.noop("List") },
  { format: "heading", label: t.noop("Heading") },
];

/**
 * A Markdown textarea with a formatting toolbar and a placeholder picker. The edits themselves
 * are pure (markdown-edit.ts); this puts their result in the textarea and keeps the caret where
 * the organizer goes on typing. Ctrl/⌘ + B, I, K work inside the textarea.
 */
export function MarkdownEditor({
  id,
  value,
  onChange,
  placeholders,
  invalid,
  describedBy,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  placeholders: string[];
  invalid: boolean;
  describedBy?: string;
}) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const selection = useRef<{ start: number; end: number } | null>(null);
  const [picked, setPicked] = useState("");
  // The list comes with the first preview; until the organizer picks, the first one is chosen.
  const placeholder = placeholders.includes(picked) ? picked : (placeholders[0] ?? "");

  // After an edit, put the selection back once React has written the new value.
  useLayoutEffect(() => {
    const element = textarea.current;
    if (!element || !selection.current) return;
    element.focus();
    element.setSelectionRange(selection.current.start, selection.current.end);
    selection.current = null;
  }, [value]);

  function apply(edit: (value: string, start: number, end: number) => Edit) {
    const element = textarea.current;
    if (!element) return;
    const result = edit(element.value, element.selectionStart, element.selectionEnd);
    selection.current = { start: result.start, end: result.end };
    onChange(result.value);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    const format = shortcutFormat(event);
    if (!format) return;
    event.preventDefault();
    apply((v, s, e) => applyFormat(v, s, e, format));
  }

  const shortcutKey = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform) ? "⌘" : "Ctrl+";

  return (
    <div className="md-editor">
      <div className="md-editor__bar">
        <div className="md-editor__tools" role="group" aria-label={t("Formatting")}>
          {BUTTONS.map((button) => (
            <button
              key={button.format}
              type="button"
              className="md-editor__tool"
              onClick={() => apply((v, s, e) => applyFormat(v, s, e, button.format))}
              aria-keyshortcuts={button.shortcut ? `Control+${button.shortcut} Meta+${button.shortcut}` : undefined}
              title={button.shortcut ? `${t(button.label)} (${shortcutKey}${button.shortcut})` : t(button.label)}
            >
              {t(button.label)}
            </button>
          ))}
        </div>
        <div className="md-editor__insert" role="group" aria-label={t("Placeholders")}>
          <label htmlFor={`${id}-placeholder`} className="visually-hidden">
            {t("Placeholder")}
          </label>
          <select
            id={`${id}-placeholder`}
            className="select md-editor__select"
            value={placeholder}
            onChange={(e) => setPicked(e.target.value)}
          >
            {placeholders.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="md-editor__tool"
            disabled={!placeholder}
            onClick={() => apply((v, s, e) => insertPlaceholder(v, s, e, placeholder))}
          >
            {t("Insert placeholder")}
          </button>
        </div>
      </div>
      <textarea
        id={id}
        ref={textarea}
        className="textarea md-editor__text"
        name="markdown"
        rows={12}
        spellCheck
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
      />
    </div>
  );
}
