// The one confirmation dialog of the portal: before an action that emails people, removes an
// admin, gives up a place or deletes an account. A modal alertdialog: the page behind is inert,
// Tab stays inside, Escape (or the backdrop) cancels, focus starts on the field the confirmation
// asks for or else on Cancel (the safe choice), and returns to what opened it.
import { useEffect, useId, useRef, type FormEvent, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { t } from "../lib/i18n";
import "../styles/dialog.css";

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen, in numbers where there are numbers ("23 applicants will be emailed"). */
  children: ReactNode;
  /** When the body also holds fields (the typed email): the words read out as the description,
   *  so the fields' labels are not. */
  description?: ReactNode;
  /** Says the action, not "OK": "Release and email 23 applicants". */
  confirmLabel: string;
  /** The confirm button's words while the action runs ("Deleting…"). */
  busyLabel?: string;
  cancelLabel?: string;
  /** While the confirmed action runs: both buttons wait. */
  busy?: boolean;
  /** The confirmation is not complete yet (the typed email does not match). */
  confirmDisabled?: boolean;
  /** A destructive action gets the danger colour. */
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

const FIELDS = "input:not([disabled]), select:not([disabled]), textarea:not([disabled])";
const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

// The element that last had focus. A form usually disables its button while it asks the server
// what the dialog should say, and a disabled button loses focus before the dialog opens: the
// dialog then gives focus back to that button rather than to the page's top.
let lastFocused: HTMLElement | null = null;
if (typeof document !== "undefined") {
  document.addEventListener(
    "focusin",
    (event) => {
      if (event.target instanceof HTMLElement) lastFocused = event.target;
    },
    true,
  );
}

/** The elements Tab visits inside `root`, in order. */
export function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE));
}

export function ConfirmDialog({
  open,
  title,
  children,
  description,
  confirmLabel,
  busyLabel,
  cancelLabel = t("Cancel"),
  busy = false,
  confirmDisabled = false,
  danger = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const id = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  // The latest onCancel, for the key handler installed once per opening.
  const cancelRef = useRef(onCancel);
  cancelRef.current = onCancel;
  const busyRef = useRef(busy);
  busyRef.current = busy;

  useEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body ? active : lastFocused;
    const host = dialog.current?.closest<HTMLElement>(".dialog-backdrop") ?? null;
    // Everything else on the page is inert while the dialog is open: no focus, no clicks, and
    // screen readers see only the dialog.
    const others = Array.from(document.body.children).filter(
      (el): el is HTMLElement => el instanceof HTMLElement && el !== host && !el.hasAttribute("inert"),
    );
    others.forEach((el) => el.setAttribute("inert", ""));
    document.body.classList.add("dialog-open");
    (dialog.current?.querySelector<HTMLElement>(FIELDS) ?? cancel.current)?.focus();

    function onKey(event: KeyboardEvent) {
      if (event.key === "Escape") {
        event.preventDefault();
        if (!busyRef.current) cancelRef.current();
        return;
      }
      if (event.key !== "Tab" || !dialog.current) return;
      const items = focusableIn(dialog.current);
      if (!items.length) {
        event.preventDefault();
        return;
      }
      const first = items[0];
      const last = items[items.length - 1];
      const inside = dialog.current.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    }

    document.addEventListener("keydown", onKey, true);
    return () => {
      document.removeEventListener("keydown", onKey, true);
      others.forEach((el) => el.removeAttribute("inert"));
      document.body.classList.remove("dialog-open");
      if (opener && opener.isConnected) opener.focus();
    };
  }, [open]);

  function submit(event: FormEvent) {
    event.preventDefault();
    // The dialog is portalled out of the page's DOM but not out of React's tree: the submit
    // must not reach a form the dialog was declared in.
    event.stopPropagation();
    if (!busy && !confirmDisabled) onConfirm();
  }

  if (!open) return null;
  return createPortal(
    <div
      className="dialog-backdrop"
      onMouseDown={(event) => {
        // A press on the backdrop itself (not inside the dialog) cancels.
        if (event.target === event.currentTarget && !busy) onCancel();
      }}
    >
      <div
        ref={dialog}
        className="dialog card stack"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-${description === undefined ? "body" : "description"}`}
      >
        <h2 id={`${id}-title`} className="dialog__title">
          {title}
        </h2>
        <form className="dialog__form" onSubmit={submit} noValidate>
          <div id={`${id}-body`} className="dialog__body stack">
            {description === undefined ? null : <div id={`${id}-description`}>{description}</div>}
            {children}
          </div>
          <div className="dialog__actions">
            <button ref={cancel} type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
              {cancelLabel}
            </button>
            <button
              type="submit"
              className={danger ? "button button--danger" : "button"}
              disabled={busy || confirmDisabled}
              aria-busy={busy || undefined}
            >
              {busy ? (busyLabel ?? confirmLabel) : confirmLabel}
            </button>
          </div>
        </form>
      </div>
    </div>,
    document.body,
  );
}
