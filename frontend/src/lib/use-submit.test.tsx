import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ApiError } from "./api";
import { QueryProvider } from "./query";
import { testQueryClient } from "./test-utils";
import { failureOf, refusalOr, useSubmit, type Failure, type RunOptions } from "./use-submit";

/** The hook as a page holds it: inside the island's query client (useSubmit is a useMutation). */
function renderSubmit() {
  const client = testQueryClient();
  return renderHook(() => useSubmit(), {
    wrapper: ({ children }) => <QueryProvider client={client}>{children}</QueryProvider>,
  });
}

function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("useSubmit", () => {
  it("is busy while the request runs and reports success", async () => {
    const { result } = renderSubmit();
    const pending = deferred();
    let outcome: Promise<boolean> | undefined;
    act(() => {
      outcome = result.current.run(() => pending.promise, "Error saving");
    });
    // The mutation's pending state arrives through the query client's notify batch.
    await waitFor(() => expect(result.current.busy).toBe(true));
    await act(async () => {
      pending.resolve();
      expect(await outcome).toBe(true);
    });
    await waitFor(() => expect(result.current.busy).toBe(false));
    expect(result.current.error).toBeNull();
    expect(result.current.fieldErrors).toEqual({});
  });

  it("keeps the server's message and field errors of a refusal", async () => {
    const { result } = renderSubmit();
    await act(async () => {
      const ok = await result.current.run(
        () => Promise.reject(new ApiError(400, { message: "Please fix the highlighted fields.", errors: { school: ["Choose a school.", "x"] } })),
        "Error saving",
      );
      expect(ok).toBe(false);
    });
    expect(result.current.busy).toBe(false);
    expect(result.current.error).toBe("Please fix the highlighted fields.");
    expect(result.current.fieldErrors).toEqual({ school: "Choose a school." });
  });

  it("falls back to the form's message when the failure has none (a network error)", async () => {
    const { result } = renderSubmit();
    await act(async () => {
      await result.current.run(() => Promise.reject(new TypeError("Failed to fetch")), "Error saving");
    });
    expect(result.current.error).toBe("Error saving");
    expect(result.current.fieldErrors).toEqual({});
  });

  it("clears the previous error, local or not, when a new request starts", async () => {
    const { result } = renderSubmit();
    act(() => result.current.setError("Paste at least one email address."));
    expect(result.current.error).toBe("Paste at least one email address.");
    const pending = deferred();
    let outcome: Promise<boolean> | undefined;
    act(() => {
      outcome = result.current.run(() => pending.promise, "Error saving");
    });
    expect(result.current.error).toBeNull();
    await act(async () => {
      pending.resolve();
      await outcome;
    });
  });
});

describe("failureOf", () => {
  const refusal = new ApiError(400, { message: "Please fix the highlighted fields.", errors: {} });
  const bare = new ApiError(502, {});
  const network = new TypeError("Failed to fetch");
  const mine = (e: unknown) => (e instanceof ApiError && e.status === 400 ? "Invalid credentials." : "No answer.");
  it.each<[string, unknown, Failure<string>, string]>([
    ["the server's message wins over a fallback", refusal, "Error saving", "Please fix the highlighted fields."],
    ["a failure without a message says the fallback", bare, "Error saving", "Error saving"],
    ["a network error says the fallback", network, "Error saving", "Error saving"],
    ["the form's reading decides alone (a refusal)", refusal, mine, "Invalid credentials."],
    ["the form's reading decides alone (no answer)", network, mine, "No answer."],
  ])("%s", (_, error, failure, expected) => {
    expect(failureOf(error, failure)).toBe(expected);
  });

  it("keeps a form's own error shape (a titled refusal)", () => {
    expect(failureOf(refusal, (e) => ({ title: "Invalid entry", text: e instanceof Error ? e.message : "" }))).toEqual({
      title: "Invalid entry",
      text: "Please fix the highlighted fields.",
    });
  });
});

describe("useSubmit when the page is leaving", () => {
  it.each<[RunOptions, boolean, string]>([
    [{ leaving: true }, true, "stays busy after success: the page is navigating away"],
    [{}, false, "is ready again after success"],
  ])("%j → busy %s (%s)", async (options, busyAfter) => {
    const { result } = renderSubmit();
    await act(async () => {
      await result.current.run(() => Promise.resolve(), "Error saving", options);
    });
    await waitFor(() => expect(result.current.busy).toBe(busyAfter));
  });

  it("is ready again after a failure, leaving or not", async () => {
    const { result } = renderSubmit();
    await act(async () => {
      await result.current.run(() => Promise.reject(new TypeError("x")), "Error saving", { leaving: true });
    });
    await waitFor(() => expect(result.current.busy).toBe(false));
    expect(result.current.error).toBe("Error saving");
  });
});

describe("refusalOr", () => {
  it.each<[string, unknown, string]>([
    ["the server's sentence", new ApiError(400, { message: "Subject is too long." }), "Subject is too long."],
    ["the status when the server sent no sentence", new ApiError(502, { message: "" }), "Request failed (502)"],
    ["the fallback when no answer came", new TypeError("Failed to fetch"), "The email could not be saved."],
  ])("shows %s", (_, error, shown) => {
    expect(failureOf(error, refusalOr("The email could not be saved."))).toBe(shown);
  });
});
