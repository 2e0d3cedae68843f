import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BatchEmails } from "./batch-emails";
import { renderWithQuery } from "../../lib/test-utils";

// A custom list counts the addresses lib/emails finds (the server's extractor), not fragments.
describe("the custom mailing list reads addresses as the server does", { timeout: 20000 }, () => {
  beforeEach(() => {
    // Lists answer empty; the preview answers an empty audience's sample.
    const preview = { subject: "", text: "", html: "", recipients: 0, recipient: null, placeholders: [] };
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        const body = url.endsWith("/preview") ? preview : [];
        return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it("counts only the addresses the server will send to", async () => {
    const user = userEvent.setup();
    renderWithQuery(<BatchEmails />);
    await user.selectOptions(screen.getByLabelText("Audience"), "custom");
    await user.click(screen.getByLabelText("Custom recipients"));
    // The old client found neil@ox.ac.uk, y@z.edu and b@c.edu here; the server finds ada only.
    await user.paste("o'neil@ox.ac.uk x@y@z.edu a!b@c.edu Ada <ada@princeton.edu>");
    expect(screen.getByText(/\(1 found\)/)).toBeInTheDocument();
  });
});
