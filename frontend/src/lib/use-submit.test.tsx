import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ApiError } from "./api";
import { useSubmit } from "./use-submit";

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
    const { result } = renderHook(() => useSubmit());
    const pending = deferred();
    let outcome: Promise<boolean> | undefined;
    act(() => {
      outcome = result.current.run(() => pending.promise, "Error saving");
    });
    expect(result.current.busy).toBe(true);
    await act(async () => {
      pending.resolve();
      expect(await outcome).toBe(true);
    });
    expect(result.current.busy).toBe(false);
    expect(result.current.error).toBeNull();
    expect(result.current.fieldErrors).toEqual({});
  });

  it("keeps the server's message and field errors of a refusal", async () => {
    const { result } = renderHook(() => useSubmit());
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
    const { result } = renderHook(() => useSubmit());
    await act(async () => {
      await result.current.run(() => Promise.reject(new TypeError("Failed to fetch")), "Error saving");
    });
    expect(result.current.error).toBe("Error saving");
    expect(result.current.fieldErrors).toEqual({});
  });

  it("clears the previous error, local or not, when a new request starts", async () => {
    const { result } = renderHook(() => useSubmit());
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
