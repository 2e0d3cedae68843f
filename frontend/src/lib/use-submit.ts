// The busy flag, the error message and the server's field errors of a form's one request, kept
// the same way everywhere: cleared when a request starts, busy until it settles, the server's
// message (or the form's fallback) and field errors kept when it fails.
//
// Why a hook over TanStack Query's useMutation and not useMutation alone: the request's state
// (pending, settled) is useMutation's, the one mechanism reads and writes already use. What it
// adds is what every form here needs and useMutation doesn't keep: a message in the form's own
// words (the server's sentence, or a fallback), the server's field errors flattened to one
// message per field, an error a local check can set before any request (setError), and
// "leaving" (a form whose success navigates away stays busy, so nothing is sent twice). Each
// form wrote those around useMutation itself before; one layer keeps them the same everywhere.
// The mutation's state reaches React through the query client's notify batch, a tick after
// mutate: tests await the busy and settled states (findBy…, waitFor) instead of reading them at once.
import { useMutation } from "@tanstack/react-query";
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

/** A failure reader for forms that show the refusal's own sentence: the server's message, or
 *  "Request failed (status)" when it sent none; `fallback` only when no answer came (offline). */
export function refusalOr(fallback: string): (error: unknown) => string {
  return (error) => (error instanceof ApiError ? error.message : fallback);
}

/** One run: the request itself (each call of `run` names its own). */
interface Job {
  action: () => Promise<unknown>;
}

export function useSubmit<E = string>(): Submit<E> {
  const [error, setError] = useState<E | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  // A success that leaves the page keeps the form busy until the page goes.
  const [leaving, setLeaving] = useState(false);
  const mutation = useMutation<unknown, unknown, Job>({ mutationFn: (job) => job.action() });
  const { mutateAsync } = mutation;

  const run = useCallback(
    async (action: () => Promise<unknown>, failure: Failure<E>, options: RunOptions = {}) => {
      setError(null);
      setFieldErrors({});
      try {
        await mutateAsync({ action });
        if (options.leaving) setLeaving(true);
        return true;
      } catch (e) {
        setError(failureOf(e, failure));
        setFieldErrors(fieldErrorsOf(e));
        return false;
      }
    },
    [mutateAsync],
  );

  return { busy: mutation.isPending || leaving, error, fieldErrors, setError, run };
}
