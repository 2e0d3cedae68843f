// Small pieces shared by the organizer pages: selects with real labels, the Approved / Failed
// result lists, the page header, status words and error text.
import { useEffect, useId, useState, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { BackLink } from "../../components/back-link";
import { ApiError } from "../../lib/api";

export interface Choice {
  value: string;
  label: string;
}

/** 'waitlist_accepted' → 'Waitlist Accepted'. */
export function statusWord(status: string): string {
  return status
    .split("_")
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(" ");
}

export function yesNo(value: boolean): string {
  return value ? "Yes" : "No";
}

/** The server's message when it sent one, else the fallback. */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.body.message) return error.body.message;
  return fallback;
}

/** `value`, but only after it stopped changing for `delay` ms. */
export function useDebounced<T>(value: T, delay = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> {
  label: string;
  choices: Choice[];
  error?: string | null;
}

export function SelectField({ label, choices, error, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="select"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...select}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export const YES_NO: Choice[] = [
  { value: "no", label: "No" },
  { value: "yes", label: "Yes" },
];

/** A No/Yes select bound to a boolean. */
export function YesNoField({ label, value, onChange }: { label: string; value: boolean; onChange: (v: boolean) => void }) {
  return (
    <SelectField
      label={label}
      choices={YES_NO}
      value={value ? "yes" : "no"}
      onChange={(e) => onChange(e.target.value === "yes")}
    />
  );
}

interface TextareaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> {
  label: string;
  hint?: string;
  error?: string | null;
}

export function TextareaField({ label, hint, error, ...textarea }: TextareaFieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        className="textarea"
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        {...textarea}
      />
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The heading of an organizer page with its way back to the Admin Panel. */
export function PageHeader({ title, lead, back = { href: "/admin", label: "Admin Panel" } }: {
  title: string;
  lead?: ReactNode;
  back?: { href: string; label: string } | null;
}) {
  return (
    <header className="org-header">
      {back ? <BackLink href={back.href} label={back.label} /> : null}
      <h1>{title}</h1>
      {lead ? <p className="muted org-lead">{lead}</p> : null}
    </header>
  );
}

/** A checkbox with its label beside it and an optional hint (the decision forms' Override). */
export function CheckboxField({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="org-check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint org-check__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

type Reasoned = { email: string; reason: string };

function ReasonList({ items, label }: { items: Reasoned[]; label: string }) {
  if (!items.length) return <p className="muted">None.</p>;
  return (
    <ul className="org-list" aria-label={label}>
      {items.map((item) => (
        <li key={item.email}>
          <span className="org-list__email">{item.email}</span>
          <span className="org-list__reason">{item.reason}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The done, failed and (a batch decision's) skipped lists of a batch or an assignment. The done
 * list is headed by what was done ("Waitlisted", "Assigned"), never a generic "Approved".
 */
export function EmailResults({
  approved,
  failed,
  skipped,
  doneTitle,
}: {
  approved: string[];
  /** The heading of the done list: the decision ("Waitlisted") or "Assigned". */
  doneTitle: string;
  failed: Reasoned[];
  /** Applicants a decision left alone (already confirmed or declined); shown when given. */
  skipped?: Reasoned[];
}) {
  return (
    <section className="org-results" aria-label="Results">
      <div className="org-results__col">
        <h3>
          {doneTitle} <span className="badge badge--ok">{approved.length}</span>
        </h3>
        {approved.length ? (
          <ul className="org-list" aria-label={doneTitle}>
            {approved.map((email) => (
              <li key={email}>{email}</li>
            ))}
          </ul>
        ) : (
          <p className="muted">None.</p>
        )}
      </div>
      <div className="org-results__col">
        <h3>
          Failed <span className="badge badge--err">{failed.length}</span>
        </h3>
        <ReasonList items={failed} label="Failed" />
      </div>
      {skipped ? (
        <div className="org-results__col">
          <h3>
            Skipped <span className="badge">{skipped.length}</span>
          </h3>
          <ReasonList items={skipped} label="Skipped" />
        </div>
      ) : null}
    </section>
  );
}
