// "I can't come anymore": a confirmed applicant gives up the spot before the event starts. Asked
// first in the portal's one confirmation dialog, which says what happens: the spot goes to
// someone else, the ticket stops working at once, an email confirms it, and only the organizers
// can undo it.
import { useState } from "react";
import { Alert } from "../../components/alert";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { t } from "../../lib/i18n";
import { useSubmit } from "../../lib/use-submit";
import { formatDate } from "./state";

// English (module constants), shown through t().
export const GIVE_UP = {
  button: t.noop("I can't come anymore"),
  title: t.noop("Give up your spot?"),
  confirmLabel: t.noop("Yes, give up my spot"),
  cancelLabel: t.noop("Keep my spot"),
};

export function GiveUpSpot({
  submit,
  start,
  onDone,
}: {
  submit: () => Promise<unknown>;
  /** The event's start date (YYYY-MM-DD): the last day to give up is the day before. */
  start: string;
  onDone: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const { busy, error, run } = useSubmit();

  async function giveUp() {
    const ok = await run(
      async () => {
        await submit();
        onDone();
      },
      t("Your spot could not be given up. Please try again."),
      { leaving: true },
    );
    if (!ok) setAsking(false);
  }

  return (
    <div className="give-up stack--tight">
      <p className="muted give-up__hint">
        {t("Plans changed? Let us know before {date} so someone on the waitlist can have your spot.", { date: formatDate(start) })}
      </p>
      <div>
        <button type="button" className="button button--secondary" onClick={() => setAsking(true)} disabled={busy}>
          {t(GIVE_UP.button)}
        </button>
      </div>
      {error ? <Alert kind="error">{error}</Alert> : null}
      <ConfirmDialog
        open={asking}
        danger
        title={t(GIVE_UP.title)}
        confirmLabel={t(GIVE_UP.confirmLabel)}
        cancelLabel={t(GIVE_UP.cancelLabel)}
        busy={busy}
        onConfirm={giveUp}
        onCancel={() => setAsking(false)}
      >
        <p>{t("Your spot will be offered to someone else, and your ticket stops working at the door right away.")}</p>
        <p>{t("We will email you to confirm. Only the organizers can undo this.")}</p>
      </ConfirmDialog>
    </div>
  );
}
