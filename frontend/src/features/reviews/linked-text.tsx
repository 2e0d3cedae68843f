// A translated sentence with links inside it: each [bracketed] part of `text` becomes a link to
// the next of `hrefs`, so a translation places the link where its own word order puts it.
import type { ReactNode } from "react";

export function LinkedText({ text, hrefs }: { text: string; hrefs: string[] }) {
  const parts: ReactNode[] = [];
  let at = 0;
  let link = 0;
  for (const match of text.matchAll(/\[([^\]]+)\]/g)) {
    parts.push(text.slice(at, match.index));
    const href = hrefs[link++];
    parts.push(href ? <a key={match.index} href={href}>{match[1]}</a> : match[1]);
    at = match.index + match[0].length;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}
