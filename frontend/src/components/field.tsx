// Form controls with real labels, their hint and error wired up for assistive technology.
import { t } from "../lib/i18n";
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";

export interface Choice {
  value: string;
  label: string;
}


/** What ties a control to its label, hint and error, for assistive technology. */
interface ControlWiring {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

interface Labelled {
  label: string;
  hint?: string;
  error?: string | null;
}

/** The label above a control and its hint and error under it, the three wired to the control
 *  (given to `children`) the same way for an input, a select and a textarea. */
function FieldFrame({ label, hint, error, children }: Labelled & { children: (wiring: ControlWiring) => ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id">, Labelled {}

/** A labelled input with its hint and error message wired up for assistive technology. */
export function Field({ label, error, hint, ...input }: FieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {(wiring) => <input {...wiring} className="input" {...input} />}
    </FieldFrame>
  );
}

/** The account's own address (sign-in, registration, a reset link): one label, type, name and
 *  autofill for all three forms, so a password manager fills each the same way. */
export function AccountEmailField(props: Omit<FieldProps, "label" | "type" | "name" | "autoComplete"> & { label?: string }) {
  return <Field label={t("Email")} type="email" name="email" autoComplete="email" {...props} />;
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "id">, Labelled {
  choices: Choice[];
}

export function SelectField({ label, choices, error, hint, ...select }: SelectFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {(wiring) => (
        <select {...wiring} className="select" {...select}>
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

// English here (a module runs before the page's catalog is loaded): shown through t().
export const YES_NO: Choice[] = [
  { value: "no", label: t.noop("No") },
  { value: "yes", label: t.noop("Yes") },
];

/** A No/Yes select bound to a boolean; `disabled` with a `hint` that says why. */
export function YesNoField({
  label,
  value,
  onChange,
  disabled,
  hint,
}: {
  label: string;
  value: boolean;
  onChange: (v: boolean) => void;
  disabled?: boolean;
  hint?: string;
}) {
  return (
    <SelectField
      label={label}
      choices={YES_NO.map((choice) => ({ ...choice, label: t(choice.label) }))}
      value={value ? "yes" : "no"}
      onChange={(e) => onChange(e.target.value === "yes")}
      disabled={disabled}
      hint={hint}
    />
  );
}

interface TextareaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id">, Labelled {}

export function TextareaField({ label, hint, error, ...textarea }: TextareaFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {(wiring) => <textarea {...wiring} className="textarea" {...textarea} />}
    </FieldFrame>
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
