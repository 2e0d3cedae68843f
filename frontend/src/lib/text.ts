import { t } from "./i18n";

// The application statuses as organizers read them, each a literal for the catalogs (English
// here: the catalog loads after this module; statusWord translates).
const STATUS_WORDS: Record<string, string> = {
  unsubmitted: t.noop("Unsubmitted"),
  started: t.noop("Started"),
  submitted: t.noop("Submitted"),
  waitlisted: t.noop("Waitlisted"),
  waitlist_confirmed: t.noop("Waitlist Confirmed"),
  accepted: t.noop("Accepted"),
  waitlist_accepted: t.noop("Waitlist Accepted"),
  confirmed: t.noop("Confirmed"),
  rejected: t.noop("Rejected"),
  declined: t.noop("Declined"),
  expired: t.noop("Expired"),
  checked_in: t.noop("Checked In"),
};

/** 'waitlist_accepted' → 'Waitlist Accepted', in the page's language; a status this list
 *  doesn't know reads as its words. */
export function statusWord(status: string): string {
  const known = STATUS_WORDS[status];
  if (known) return t(known);
  return status
    .split("_")
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(" ");
}

export function yesNo(value: boolean): string {
  return value ? t("Yes") : t("No");
}
