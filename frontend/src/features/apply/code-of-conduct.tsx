import { Fragment, type ReactNode } from "react";
import { GroupShell } from "../../components/application/question-field";
import { t } from "../../lib/i18n";

/**
 * A consent as the apply page's props carry it (apps/applications/consents.py, where the texts
 * and their versions live): links written `[label](url)`. `checkbox` is its place in the
 * application's three code-of-conduct boxes, or null for one outside them (the sponsors').
 */
export interface ConsentText {
  key: string;
  version: number;
  required: boolean;
  checkbox: number | null;
  text: string;
}

const LINK = /\[([^\]]+)\]\(([^)\s]+)\)/g;

/** A consent's text with its links as links that open in a new tab. */
export function ConsentLabel({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const at = match.index ?? 0;
    parts.push(<Fragment key={`t${at}`}>{text.slice(last, at)}</Fragment>);
    parts.push(
      <a key={`a${at}`} href={match[2]} target="_blank" rel="noopener noreferrer">
        {match[1]}
        <span className="visually-hidden"> {t("(opens in a new tab)")}</span>
      </a>,
    );
    last = at + match[0].length;
  }
  parts.push(<Fragment key="end">{text.slice(last)}</Fragment>);
  return <>{parts}</>;
}

function Marker({ required }: { required: boolean }) {
  return required ? <span className="apply-required">{t("(required)")}</span> : <span className="apply-optional">{t("(optional)")}</span>;
}

/**
 * The three code-of-conduct boxes, with the texts the server versions. The first two are
 * required; the third is optional. The event runs under Major League Hacking's policies, and
 * the host university's community standards, which take precedence over them.
 */
export function CodeOfConduct({
  consents,
  checked,
  error,
  hostSchool,
  onChange,
}: {
  consents: ConsentText[];
  checked: [boolean, boolean, boolean];
  error?: string | null;
  hostSchool: string;
  onChange: (checked: [boolean, boolean, boolean]) => void;
}) {
  const toggle = (index: number, value: boolean) => {
    const next: [boolean, boolean, boolean] = [...checked];
    next[index] = value;
    onChange(next);
  };
  const boxes = consents
    .filter((c): c is ConsentText & { checkbox: number } => c.checkbox !== null && c.checkbox >= 0 && c.checkbox < 3)
    .sort((a, b) => a.checkbox - b.checkbox);
  return (
    <GroupShell
      name="checkboxes"
      legend={t("Code of conduct")}
      error={error}
      hint={t(
        "This event is held at {school}. {school}'s community standards apply to everyone taking part and take precedence over the policies below wherever they differ.",
        { school: hostSchool },
      )}
      className="apply-conduct"
    >
      {boxes.map((consent) => (
        <label key={consent.key} className="check-card">
          <input
            type="checkbox"
            name={`checkbox-${consent.key}`}
            checked={checked[consent.checkbox]}
            onChange={(e) => toggle(consent.checkbox, e.target.checked)}
            aria-invalid={error && consent.required && !checked[consent.checkbox] ? true : undefined}
            required={consent.required}
          />
          <span>
            <ConsentLabel text={consent.text} /> <Marker required={consent.required} />
          </span>
        </label>
      ))}
    </GroupShell>
  );
}

/** The consents outside the three boxes (sharing the resume with sponsors), each optional. */
export function ExtraConsents({
  consents,
  given,
  onChange,
}: {
  consents: ConsentText[];
  given: Record<string, boolean>;
  onChange: (key: string, value: boolean) => void;
}) {
  const extra = consents.filter((c) => c.checkbox === null);
  if (!extra.length) return null;
  return (
    <GroupShell name="consents" legend={t("Sharing your resume")} className="apply-conduct">
      {extra.map((consent) => (
        <label key={consent.key} className="check-card">
          <input
            type="checkbox"
            name={`consent-${consent.key}`}
            checked={Boolean(given[consent.key])}
            onChange={(e) => onChange(consent.key, e.target.checked)}
          />
          <span>
            <ConsentLabel text={consent.text} /> <Marker required={consent.required} />
          </span>
        </label>
      ))}
    </GroupShell>
  );
}
