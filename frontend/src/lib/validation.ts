// Client mirrors of the server's rules (apps/accounts/rules.py) for instant feedback.
// The server stays the authority.
import { getConfig } from "./config";

export const STUDENT_EMAIL_MESSAGE = "Must be a student email assigned by a university";
export const LOGIN_EMAIL_MESSAGE = "Must be a student email address";
export const RESET_EMAIL_MESSAGE = "Must be a valid email address";
export const PASSWORD_MESSAGE = "Password must have at least 8 characters, 1 number, and 1 special character";
export const CONFIRM_MESSAGE = "This field must match the password";
export const INVALID_ENTRY = "Invalid Entry";

const STUDENT_TLDS = ["edu", "ca", "in", "ng", "uk", "it"];
const EMAIL_SHAPE = /^[A-Za-z0-9._%+-]+@([A-Za-z0-9-]+\.)+[A-Za-z]{2,}$/;
const SPECIALS = "-~!@#$%^&*()_?";

/** The extra student domains of the settings (EXTRA_STUDENT_DOMAINS), from the page config. */
export function configuredStudentDomains(): string[] {
  try {
    return getConfig().studentDomains ?? [];
  } catch {
    return []; // rendered without a page (tests)
  }
}

export function isStudentEmail(
  email: string,
  patterns: string[] = [],
  extraDomains: string[] = configuredStudentDomains(),
): boolean {
  const value = email.trim().toLowerCase();
  if (value.length > 254) return false;
  if (EMAIL_SHAPE.test(value)) {
    const domain = value.split("@")[1];
    const tld = domain.split(".").pop() ?? "";
    if (STUDENT_TLDS.includes(tld)) return true;
    const extras = extraDomains.map((d) => d.trim().toLowerCase()).filter(Boolean);
    if (extras.some((d) => domain === d || domain.endsWith(`.${d}`))) return true;
  }
  return patterns.some((pattern) => {
    try {
      return new RegExp(`^(?:${pattern})$`, "i").test(value);
    } catch {
      return false;
    }
  });
}

export function isValidPassword(password: string): boolean {
  return password.length >= 8 && /\d/.test(password) && [...password].some((c) => SPECIALS.includes(c));
}

export function emailError(email: string, message: string, patterns: string[] = []): string | null {
  if (!email) return null;
  return isStudentEmail(email, patterns) ? null : message;
}

export function passwordError(password: string): string | null {
  if (!password) return null;
  return isValidPassword(password) ? null : PASSWORD_MESSAGE;
}

export function confirmError(password: string, confirm: string): string | null {
  if (!confirm) return null;
  return password === confirm ? null : CONFIRM_MESSAGE;
}
