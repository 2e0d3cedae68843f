// The resume zip streams as it is built: while it downloads, the page shows a bar and how much
// has arrived, and the bar goes when the file is handed to the browser.
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readBody } from "../../api/reports";
import { downloadText } from "../../components/download-progress";
import { renderWithQuery } from "../../lib/test-utils";
import { ResumeBook } from "./resume-book";

afterEach(() => vi.unstubAllGlobals());

/** A streamed body whose chunks arrive when `release()` is called, one each time. */
function slowStream(chunks: number[]) {
  const waiting: (() => void)[] = [];
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const size = chunks.shift();
      if (size === undefined) return controller.close();
      await new Promise<void>((resolve) => waiting.push(resolve));
      controller.enqueue(new Uint8Array(size));
    },
  });
  const release = () => {
    const next = waiting.shift();
    if (!next) throw new Error("no chunk asked for yet");
    next();
  };
  return { stream, release };
}

describe("download progress", { timeout: 20000 }, () => {
  it.each([
    [{ received: 0, total: null }, "Waiting for the server…"],
    [{ received: 2048, total: null }, "2 KB received"],
    [{ received: 1024 * 1024, total: 4 * 1024 * 1024 }, "1.0 MB of 4.0 MB"],
  ])("%j reads %s", (progress, text) => {
    expect(downloadText(progress)).toBe(text);
  });

  it("reads a body chunk by chunk and reports each, with the size when the server sends it", async () => {
    const seen: [number, number | null][] = [];
    const response = new Response(new Uint8Array(3000), { headers: { "Content-Length": "3000", "Content-Type": "application/zip" } });
    const blob = await readBody(response, (received, total) => seen.push([received, total]));
    expect(blob.size).toBe(3000);
    expect(seen[0]).toEqual([0, 3000]);
    expect(seen.at(-1)).toEqual([3000, 3000]);
  });

  it("shows the zip's bytes as they arrive, then hands the file over and says so", async () => {
    const { stream, release } = slowStream([4096, 4096]);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(stream, { headers: { "Content-Type": "application/zip", "Content-Disposition": 'attachment; filename="resumes.zip"' } })),
    );
    URL.createObjectURL = vi.fn(() => "blob:zip");
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    const user = userEvent.setup();
    renderWithQuery(<ResumeBook />);
    await user.click(screen.getByRole("button", { name: "Download all resumes" }));
    const bar = await screen.findByRole("progressbar", { name: "Downloading the resumes" });
    // A streamed zip has no size: the bar is indeterminate and the count says what arrived.
    expect(bar).not.toHaveAttribute("aria-valuenow");
    await waitFor(() => release());
    expect(await screen.findByText("4 KB received")).toBeInTheDocument();
    await waitFor(() => release());
    expect(await screen.findByText("All resumes downloaded successfully")).toBeInTheDocument();
    expect(screen.queryByRole("progressbar")).toBeNull();
  });
});
