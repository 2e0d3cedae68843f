// The busy flag, the error message and the server's field errors of a form's one request, kept
// the same way everywhere: cleared when a request starts, busy until it settles, the server's
// message (or the form's fallback) and field errors kept when it fails.
import { useCallback, useState } from "react";
import { ApiError, fieldErrors as fieldErrorsOf } from "./api";

export interface Submit {
  busy: boolean;
  /** The message to show: a local check's (set with setError) or the failed request's. */
  error: string | null;
  /** The server's field errors of the last failed request, one message per field. */
  fieldErrors: Record<string, string>;
  setError: (message: string | null) => void;
  /**
   * Runs `action` once: true when it succeeded, false when it failed (the error and field
   * errors are then set; `fallback` is the message when the server gave none).
   */
  run: (action: () => Promise<unknown>, fallback: string) => Promise<boolean>;
}

export function useSubmit(): Submit {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const run = useCallback(async (action: () => Promise<unknown>, fallback: string) => {
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      await action();
      return true;
    } catch (e) {
      setError(e instanceof ApiError && e.body.message ? e.body.message : fallback);
      setFieldErrors(fieldErrorsOf(e));
      return false;
    } finally {
      setBusy(false);
    }
  }, []);

  return { busy, error, fieldErrors, setError, run };
}
