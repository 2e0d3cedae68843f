// The busy flag, the error message and the server's field errors of a form's one request, kept
// the same way everywhere: cleared when a request starts, busy until it settles, the server's
// message (or the form's fallback) and field errors kept when it fails.
import { useCallback, useState } from "react";
import { ApiError, fieldErrors as fieldErrorsOf } from "./api";

/** What a failure says: a fallback sentence (the server's message wins when it sent one), or the
 *  form's own reading of the error (a sign-in's "Invalid credentials.", a titled refusal). */
export type Failure<E> = ((error: unknown) => E) | (string extends E ? string : never);

export interface RunOptions {
  /** The page goes away on success (a navigation, a reload): stay busy, so nothing is sent twice. */
  leaving?: boolean;
}

export interface Submit<E = string> {
  busy: boolean;
  /** The message to show: a local check's (set with setError) or the failed request's. */
  error: E | null;
  /** The server's field errors of the last failed request, one message per field. */
  fieldErrors: Record<string, string>;
  setError: (message: E | null) => void;
  /**
   * Runs `action` once: true when it succeeded, false when it failed (the error and field
   * errors are then set from `failure`).
   */
  run: (action: () => Promise<unknown>, failure: Failure<E>, options?: RunOptions) => Promise<boolean>;
}

/** The error a failure shows. */
export function failureOf<E>(error: unknown, failure: Failure<E>): E {
  if (typeof failure === "function") return failure(error);
  return (error instanceof ApiError && error.body.message ? error.body.message : failure) as E;
}

export function useSubmit<E = string>(): Submit<E> {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<E | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const run = useCallback(async (action: () => Promise<unknown>, failure: Failure<E>, options: RunOptions = {}) => {
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      await action();
      if (!options.leaving) setBusy(false);
      return true;
    } catch (e) {
      setError(failureOf(e, failure));
      setFieldErrors(fieldErrorsOf(e));
      setBusy(false);
      return false;
    }
  }, []);

  return { busy, error, fieldErrors, setError, run };
}
