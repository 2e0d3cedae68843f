// The Markdown toolbar's edits as pure functions of (text, selection): the component only
// applies the result to the textarea, so every edit is pinned down by a table test.

export interface Edit {
  value: string;
  /** The selection after the edit (what the organizer types next replaces it). */
  start: number;
  end: number;
}

export type Format = "bold" | "italic" | "link" | "list" | "heading";

const WRAP: Record<"bold" | "italic", { marker: string; sample: string }> = {
  bold: { marker: "**", sample: "bold text" },
  italic: { marker: "_", sample: "italic text" },
};
const LINK_URL = "https://";

/** Wrap the selection in a marker, or unwrap it when it is wrapped already (a second click undoes). */
function wrap(value: string, start: number, end: number, marker: string, sample: string): Edit {
  const before = value.slice(0, start);
  const after = value.slice(end);
  if (before.endsWith(marker) && after.startsWith(marker)) {
    return {
      value: before.slice(0, -marker.length) + value.slice(start, end) + after.slice(marker.length),
      start: start - marker.length,
      end: end - marker.length,
    };
  }
  const text = value.slice(start, end) || sample;
  return {
    value: before + marker + text + marker + after,
    start: start + marker.length,
    end: start + marker.length + text.length,
  };
}

/** `[selection](https://)` with the address selected, ready to be typed over. */
function link(value: string, start: number, end: number): Edit {
  const text = value.slice(start, end) || "link text";
  const inserted = `[${text}](${LINK_URL})`;
  const urlStart = start + text.length + 3;
  return {
    value: value.slice(0, start) + inserted + value.slice(end),
    start: urlStart,
    end: urlStart + LINK_URL.length,
  };
}

/** Start every line the selection touches with `prefix` (or take it off when all have it). */
function prefixLines(value: string, start: number, end: number, prefix: string): Edit {
  // (lastIndexOf clamps a negative start to 0, where a leading line break would be found.)
  const lineStart = start === 0 ? 0 : value.lastIndexOf("\n", start - 1) + 1;
  const nextBreak = value.indexOf("\n", end > start && value[end - 1] === "\n" ? end - 1 : end);
  const lineEnd = nextBreak === -1 ? value.length : nextBreak;
  const lines = value.slice(lineStart, lineEnd).split("\n");
  const remove = lines.every((line) => line.startsWith(prefix));
  const changed = lines.map((line) => (remove ? line.slice(prefix.length) : prefix + line)).join("\n");
  const result = value.slice(0, lineStart) + changed + value.slice(lineEnd);
  if (start === end) {
    const caret = Math.max(lineStart, start + (remove ? -prefix.length : prefix.length));
    return { value: result, start: caret, end: caret };
  }
  return { value: result, start: lineStart, end: lineStart + changed.length };
}

export function applyFormat(value: string, start: number, end: number, format: Format): Edit {
  switch (format) {
    case "bold":
    case "italic":
      return wrap(value, start, end, WRAP[format].marker, WRAP[format].sample);
    case "link":
      return link(value, start, end);
    case "list":
      return prefixLines(value, start, end, "- ");
    case "heading":
      return prefixLines(value, start, end, "## ");
  }
}

/** `{{ name }}` in place of the selection, the caret after it. */
export function insertPlaceholder(value: string, start: number, end: number, name: string): Edit {
  const inserted = `{{ ${name} }}`;
  const caret = start + inserted.length;
  return { value: value.slice(0, start) + inserted + value.slice(end), start: caret, end: caret };
}

/** The toolbar edit a keyboard shortcut stands for (Ctrl or ⌘ with B, I or K), if any. */
export function shortcutFormat(event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }) {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const formats: Record<string, Format> = { b: "bold", i: "italic", k: "link" };
  return formats[event.key.toLowerCase()] ?? null;
}
