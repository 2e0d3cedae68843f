// The one confirmation dialog of the portal: before an action that emails people, removes an
// admin or gives up a place. A modal alertdialog: the page behind is inert, Tab stays
// inside, Escape (or the backdrop) cancels, focus starts on Cancel (the safe choice) and returns
// to what opened it.
import { useEffect, useId, useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";
import "../styles/dialog.css";

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen, in numbers where there are numbers ("23 applicants will be emailed"). */
  children: ReactNode;
  /** Says the action, not "OK": "Release and email 23 applicants". */
  confirmLabel: string;
  cancelLabel?: string;
  /** While the confirmed action runs: both buttons wait. */
  busy?: boolean;
  /** A destructive action gets the danger colour. */
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

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
  confirmLabel,
  cancelLabel = "Cancel",
  busy = false,
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
    cancel.current?.focus();

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
        aria-describedby={`${id}-body`}
      >
        <h2 id={`${id}-title`} className="dialog__title">
          {title}
        </h2>
        <div id={`${id}-body`} className="dialog__body stack">
          {children}
        </div>
        <div className="dialog__actions">
          <button ref={cancel} type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={danger ? "button button--danger" : "button"}
            onClick={onConfirm}
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
