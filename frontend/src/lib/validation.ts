// Client mirrors of the server's rules (apps/accounts/rules.py) for instant feedback.
// The server stays the authority.
import { ApiError } from "./api";
import { t } from "./i18n";

export const STUDENT_EMAIL_MESSAGE = t.noop("Must be a student email assigned by a university");
export const LOGIN_EMAIL_MESSAGE = t.noop("Must be a student email address");
export const RESET_EMAIL_MESSAGE = t.noop("Must be a valid email address");
export const PASSWORD_MESSAGE = t.noop("Password must have at least 8 characters, 1 number, and 1 special character");
export const CONFIRM_MESSAGE = t.noop("This field must match the password");
// English constants (tests compare with them); t() translates them where they are shown.
export const INVALID_ENTRY = t.noop("Invalid Entry");

const SPECIALS = "-~!@#$%^&*()_?";

/** Could the server accept this address? Anything shaped like an address might be a whitelist
 *  exception (a single address or an organizer's pattern), and the pages don't hold the list:
 *  running the organizers' patterns here would also let one backtracking pattern freeze the
 *  page. So the page blocks only what no rule can accept, and the server answers the rest.
 *  The server refuses exactly these too (apps/accounts/rules.py, is_address_shaped; both run
 *  the cases of register-email-cases.json): at most 254 characters (counted as Python counts
 *  them, by code point), no space, something on both sides of the last "@". */
export function mayBeAccepted(email: string): boolean {
  const value = email.trim();
  if (!value || [...value].length > 254 || /\s/.test(value)) return false;
  const at = value.lastIndexOf("@");
  return at > 0 && at < value.length - 1;
}

const STUDENT_SHAPE = /^[A-Za-z0-9._%+-]+@([A-Za-z0-9-]+\.)+[A-Za-z]{2,}$/;
const STUDENT_ENDINGS = ["edu", "ca", "in", "ng", "uk", "it"];

/** A university address by the server's own rule (apps/accounts/rules.py, is_student_email
 *  without the whitelist): a .edu/.ca/.in/.ng/.uk/.it ending or one of the extra domains. Any
 *  other address may still be whitelisted; the page says it is checked when you register. */
export function looksLikeStudentEmail(email: string, extraDomains: string[] = []): boolean {
  const value = email.trim().toLowerCase();
  if (!mayBeAccepted(value) || !STUDENT_SHAPE.test(value)) return false;
  const domain = value.slice(value.lastIndexOf("@") + 1);
  if (STUDENT_ENDINGS.includes(domain.slice(domain.lastIndexOf(".") + 1))) return true;
  return extraDomains.some((d) => domain === d || domain.endsWith(`.${d}`));
}

export const OUTSIDE_EMAIL_HINT = t.noop(
  "Not a university address? It is checked when you register: organizers can let other addresses in.",
);

/** The register page's hint for a well-formed address that is not a university one. */
export function outsideEmailHint(email: string, extraDomains: string[] = []): string | undefined {
  return mayBeAccepted(email) && !looksLikeStudentEmail(email, extraDomains) ? t(OUTSIDE_EMAIL_HINT) : undefined;
}

export function isValidPassword(password: string): boolean {
  return password.length >= 8 && /\d/.test(password) && [...password].some((c) => SPECIALS.includes(c));
}

export function emailError(email: string, message: string): string | null {
  if (!email) return null;
  return mayBeAccepted(email) ? null : t(message);
}

export function passwordError(password: string): string | null {
  if (!password) return null;
  return isValidPassword(password) ? null : t(PASSWORD_MESSAGE);
}

export function confirmError(password: string, confirm: string): string | null {
  if (!confirm) return null;
  return password === confirm ? null : t(CONFIRM_MESSAGE);
}

/** What a form's error box shows: the spec's 'Invalid Entry' as a title over the reason, or a message. */
export interface FormError {
  title?: string;
  text: string;
}

/**
 * The error box for a failed request. A 400 naming the fields it refused means the entry
 * itself was invalid — a submit forced past the page's checks, or a rule only the server
 * knows (the whitelist) — so it reads 'Invalid Entry' with the server's
 * reason. Anything else (a lockout, an expired link, an outage) shows `otherwise`.
 */
export function entryError(err: unknown, otherwise: string): FormError {
  if (err instanceof ApiError && err.status === 400) {
    const refused = Object.values(err.body.errors ?? {}).flat();
    if (refused.length) return { title: t(INVALID_ENTRY), text: err.body.message || refused[0] };
  }
  return { text: otherwise };
}
