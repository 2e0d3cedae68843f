// The camera's pure rules: which decoded codes to act on, and what to say when the camera
// can't start. The component (camera-scanner.tsx) only wires them to @zxing/browser.
import { t } from "../../lib/i18n";

/** A code the camera keeps seeing is one scan: ignored until it has been out of view this long. */
export const SAME_CODE_QUIET_MS = 4_000;

export interface LastCode {
  text: string;
  seenAt: number;
}

/**
 * Whether a decoded code is a new scan. The decoder reports the code in front of it several
 * times a second; the same code counts again only once it has been out of sight for
 * SAME_CODE_QUIET_MS (each sighting restarts the wait), so a ticket held still is sent once.
 */
export function isNewCode(last: LastCode | null, text: string, now: number, quietMs = SAME_CODE_QUIET_MS): boolean {
  if (!text.trim()) return false;
  if (!last || last.text !== text) return true;
  return now - last.seenAt >= quietMs;
}

/** In English: shown through t() (the catalog is not loaded when this module runs). */
export const CAMERA_MESSAGES = {
  denied: t.noop("The camera is blocked. Allow it for this site in the browser's settings, or use the search below."),
  missing: t.noop("No camera was found on this device. Use the search below."),
  busy: t.noop("The camera is in use by another app. Close it and try again, or use the search below."),
  insecure: t.noop("The camera needs a secure (https) connection. Use the search below."),
  failed: t.noop("The camera could not start. Try again, or use the search below."),
} as const;

/** getUserMedia's failures (DOMException names) in the volunteer's words. */
export function cameraErrorMessage(error: unknown): string {
  const name = error && typeof error === "object" && "name" in error ? String((error as { name: unknown }).name) : "";
  switch (name) {
    case "NotAllowedError":
    case "SecurityError":
    case "PermissionDeniedError":
      return CAMERA_MESSAGES.denied;
    case "NotFoundError":
    case "OverconstrainedError":
    case "DevicesNotFoundError":
      return CAMERA_MESSAGES.missing;
    case "NotReadableError":
    case "TrackStartError":
    case "AbortError":
      return CAMERA_MESSAGES.busy;
    default:
      return CAMERA_MESSAGES.failed;
  }
}

/** Whether this page may ask for the camera at all (a secure context with mediaDevices). */
export function cameraAvailable(nav: Navigator | undefined = globalThis.navigator): boolean {
  return Boolean(nav?.mediaDevices && typeof nav.mediaDevices.getUserMedia === "function");
}
