// A small modal confirmation on the browser's own <dialog>: showModal() makes the rest of the page
// inert, keeps focus inside, closes on Escape and hands focus back to what opened it, so none of
// that is rebuilt here. (BULK builds a shared ConfirmDialog; when it lands in components/, this
// one can give way to it.)
import { useEffect, useId, useRef, type FormEvent, type ReactNode } from "react";

interface Props {
  open: boolean;
  title: string;
  /** What confirming does, read out with the title when the dialog opens. */
  description: ReactNode;
  /** Fields the confirmation needs (the typed email). */
  children?: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  busy?: boolean;
  confirmDisabled?: boolean;
  /** A destructive action: the confirm button says so by its colour too. */
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  open,
  title,
  description,
  children,
  confirmLabel,
  busyLabel,
  busy = false,
  confirmDisabled = false,
  danger = false,
  onConfirm,
  onCancel,
}: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      // jsdom (the unit tests) has no showModal: an open attribute shows it there.
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    } else if (!open && dialog.open) {
      if (typeof dialog.close === "function") dialog.close();
      else dialog.removeAttribute("open");
    }
  }, [open]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!busy && !confirmDisabled) onConfirm();
  }

  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      // Escape: the browser closes the dialog; the page's state follows.
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <form className="stack" onSubmit={submit} noValidate>
        <h2 id={`${id}-title`} className="confirm-dialog__title">
          {title}
        </h2>
        <div id={`${id}-description`} className="confirm-dialog__description">
          {description}
        </div>
        {children}
        <div className="confirm-dialog__actions">
          <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button
            type="submit"
            className={danger ? "button button--danger" : "button"}
            disabled={busy || confirmDisabled}
          >
            {busy ? (busyLabel ?? confirmLabel) : confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
