import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BatchEmails } from "./batch-emails";
import { localToIso } from "./schedule";

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const SCHEDULED = {
  id: 7,
  subject: "Doors open at 9",
  audience: "accepted",
  send_at: "2030-03-01T14:30:00Z",
  status: "scheduled",
  recipients: 40,
  sent: 0,
  failed: 0,
};
const SENT = { ...SCHEDULED, id: 6, subject: "Save the date", status: "sent", sent: 38, failed: 2 };

describe("schedule helpers", () => {
  it("reads a datetime-local value in the browser's zone and writes ISO 8601 with the offset", () => {
    const iso = localToIso("2026-03-01T09:30");
    expect(iso).toMatch(/^2026-03-01T09:30:00[+-]\d{2}:\d{2}$/);
    expect(new Date(iso as string).getTime()).toBe(new Date(2026, 2, 1, 9, 30).getTime());
    expect(localToIso("not a date")).toBeNull();
  });
});

describe("BatchEmails", { timeout: 20000 }, () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("lists mailings with status and counts, with Cancel only for scheduled ones", async () => {
    fetchMock.mockResolvedValueOnce(json([SCHEDULED, SENT]));
    render(<BatchEmails />);
    const table = await screen.findByRole("table", { name: "Mailings" });
    const rows = within(table).getAllByRole("row");
    expect(within(rows[1]).getByText("Doors open at 9")).toBeInTheDocument();
    expect(within(rows[1]).getByText("Scheduled")).toBeInTheDocument();
    expect(within(rows[2]).getByText("38")).toBeInTheDocument();
    expect(within(rows[2]).getByText("2")).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: /^Cancel/ })).toHaveLength(1);
  });

  it("offers the spec's audiences and shows the custom list only for custom", async () => {
    fetchMock.mockResolvedValueOnce(json([]));
    render(<BatchEmails />);
    const audience = screen.getByLabelText("Audience");
    expect(within(audience).getAllByRole("option").map((o) => (o as HTMLOptionElement).value)).toEqual([
      "started",
      "submitted",
      "accepted",
      "waitlisted",
      "waitlist_accepted",
      "rejected",
      "custom",
    ]);
    expect(screen.queryByLabelText("Custom recipients")).not.toBeInTheDocument();
    await userEvent.selectOptions(audience, "custom");
    await userEvent.type(screen.getByLabelText("Custom recipients"), "a@x.edu, b@y.edu");
    expect(screen.getByText(/\(2 found\)/)).toBeInTheDocument();
    expect(await screen.findByText("No mailings yet. Scheduled emails will show here.")).toBeInTheDocument();
  });

  it("refuses an incomplete form without calling the server", async () => {
    fetchMock.mockResolvedValueOnce(json([]));
    render(<BatchEmails />);
    await userEvent.selectOptions(screen.getByLabelText("Audience"), "custom");
    await userEvent.click(screen.getByRole("button", { name: "Schedule" }));
    expect(screen.getByText("Enter a subject.")).toBeInTheDocument();
    expect(screen.getByText("Paste at least one email address.")).toBeInTheDocument();
    expect(screen.getByText("Choose an HTML file.")).toBeInTheDocument();
    expect(screen.getByText("Choose when to send.")).toBeInTheDocument();
    expect(screen.getByLabelText("Subject")).toHaveAttribute("aria-invalid", "true");
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("posts the form as multipart with the send time's offset, then refreshes the list", async () => {
    fetchMock.mockResolvedValueOnce(json([]));
    fetchMock.mockResolvedValueOnce(json({ id: 9, status: "scheduled", recipients: 2 }, 201));
    fetchMock.mockResolvedValueOnce(json([{ ...SCHEDULED, id: 9, subject: "Hello", audience: "custom", recipients: 2 }]));
    render(<BatchEmails />);
    await userEvent.type(screen.getByLabelText("Subject"), "Hello");
    await userEvent.selectOptions(screen.getByLabelText("Audience"), "custom");
    await userEvent.type(screen.getByLabelText("Custom recipients"), "a@x.edu b@y.edu");
    const file = new File(["<p>Hi {{ first_name }}</p>"], "hello.html", { type: "text/html" });
    await userEvent.upload(screen.getByLabelText("HTML file"), file);
    await userEvent.type(screen.getByLabelText("Send at"), "2030-03-01T09:30");
    await userEvent.click(screen.getByRole("button", { name: "Schedule" }));
    expect(await screen.findByText(/to 2 recipients\./)).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(url).toBe("/api/mailings");
    expect(init.method).toBe("POST");
    const form = init.body as FormData;
    expect(form.get("subject")).toBe("Hello");
    expect(form.get("audience")).toBe("custom");
    expect(form.get("emails")).toBe("a@x.edu b@y.edu");
    expect((form.get("html") as File).name).toBe("hello.html");
    expect(form.get("send_at")).toBe(localToIso("2030-03-01T09:30"));
    await waitFor(() => expect(screen.getByRole("cell", { name: "Hello" })).toBeInTheDocument());
    expect(screen.getByLabelText("Subject")).toHaveValue("");
  });

  it("shows the server's message and field errors when scheduling is refused", async () => {
    fetchMock.mockResolvedValueOnce(json([]));
    fetchMock.mockResolvedValueOnce(
      json({ message: "The mailing could not be scheduled.", errors: { html: ["The file is not HTML."] } }, 400),
    );
    render(<BatchEmails />);
    await userEvent.type(screen.getByLabelText("Subject"), "Hello");
    await userEvent.upload(screen.getByLabelText("HTML file"), new File(["x"], "x.html", { type: "text/html" }));
    await userEvent.type(screen.getByLabelText("Send at"), "2030-03-01T09:30");
    await userEvent.click(screen.getByRole("button", { name: "Schedule" }));
    expect(await screen.findByText("The file is not HTML.")).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("The mailing could not be scheduled.");
  });

  it("cancels a scheduled mailing and refreshes", async () => {
    fetchMock.mockResolvedValueOnce(json([SCHEDULED]));
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    fetchMock.mockResolvedValueOnce(json([{ ...SCHEDULED, status: "cancelled" }]));
    render(<BatchEmails />);
    await userEvent.click(await screen.findByRole("button", { name: "Cancel “Doors open at 9”" }));
    expect(await screen.findByText("Cancelled")).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(url).toBe("/api/mailings/7");
    expect(init.method).toBe("DELETE");
    expect(screen.queryByRole("button", { name: /^Cancel/ })).not.toBeInTheDocument();
  });
});
