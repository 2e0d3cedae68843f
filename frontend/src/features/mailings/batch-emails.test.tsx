import {fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BatchEmails } from "./batch-emails";
import { formatSendAt, localToIso } from "./schedule";
import { POLL_MS } from "../../lib/progress";
import { renderWithQuery } from "../../lib/test-utils";

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
const PLACEHOLDERS = ["first_name", "last_name", "email", "event_name", "dashboard_link"];
const ADA = { index: 0, email: "ada@princeton.edu", first_name: "Ada", last_name: "Lovelace" };

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** A fake API: "METHOD /path" → handler; every call is kept for the assertions. */
function fakeServer(routes: Record<string, Handler>) {
  const calls: { method: string; url: string; init: RequestInit }[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? "GET";
    calls.push({ method, url, init });
    const handler = routes[`${method} ${url.split("?")[0]}`];
    if (!handler) return json({ message: `no route for ${method} ${url}` }, 404);
    return handler(url, init);
  });
  vi.stubGlobal("fetch", fetchMock);
  const of = (method: string, path: string) => calls.filter((c) => c.method === method && c.url.split("?")[0] === path);
  return { calls, of };
}

function previewOf(init: RequestInit) {
  const draft = JSON.parse(String(init.body)) as { subject: string; markdown: string; recipient: number };
  return json({
    subject: draft.subject.replace("{{ first_name }}", "Ada"),
    text: "",
    html: `<p>${draft.markdown.replace("{{ first_name }}", "Ada")}</p>`,
    recipients: 3,
    recipient: { ...ADA, index: draft.recipient },
    placeholders: PLACEHOLDERS,
  });
}

const BASE: Record<string, Handler> = {
  "GET /api/mailings": () => json([]),
  "GET /api/mailings/audiences": () =>
    json([
      { audience: "accepted", recipients: 3 },
      { audience: "submitted", recipients: 12 },
    ]),
  "POST /api/mailings/preview": (_url, init) => previewOf(init),
};

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("Subject"), "Hello");
  await user.selectOptions(screen.getByLabelText("Audience"), "accepted");
  fireEvent.change(screen.getByLabelText("Send at"), { target: { value: "2030-03-01T09:30" } });
}

describe("BatchEmails", { timeout: 20000 }, () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("lists mailings with status and counts, Deliveries for each and Cancel only for scheduled ones", async () => {
    fakeServer({ ...BASE, "GET /api/mailings": () => json([SCHEDULED, SENT]) });
    renderWithQuery(<BatchEmails />);
    const table = await screen.findByRole("table", { name: "Mailings" });
    const rows = within(table).getAllByRole("row");
    expect(within(rows[1]).getByText("Doors open at 9")).toBeInTheDocument();
    expect(within(rows[1]).getByText("Scheduled")).toBeInTheDocument();
    expect(within(rows[2]).getByText("38")).toBeInTheDocument();
    expect(within(rows[2]).getByText("2")).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: /^Cancel/ })).toHaveLength(1);
    expect(screen.getAllByRole("button", { name: /^Deliveries of/ })).toHaveLength(2);
  });

  it("follows a mailing being sent with a progress bar that moves by itself, with no Refresh button", async () => {
    const answers = [
      { ...SCHEDULED, status: "sending", send_at: "2026-01-01T09:00:00Z", sent: 10 },
      { ...SCHEDULED, status: "sending", send_at: "2026-01-01T09:00:00Z", sent: 30, failed: 1 },
      { ...SCHEDULED, status: "sent", send_at: "2026-01-01T09:00:00Z", sent: 39, failed: 1 },
    ];
    // Fake timers that also follow the clock (the testing library's waits run on it). The test
    // moves the clock one poll interval at a time instead of waiting for it, and at the end past
    // several at once to show that no poll comes any more.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let last = answers[0];
    const server = fakeServer({
      ...BASE,
      "GET /api/mailings": () => {
        last = answers.shift() ?? last;
        return json([last]);
      },
    });
    renderWithQuery(<BatchEmails />);
    const bar = await screen.findByRole("progressbar", { name: "Sending “Doors open at 9”" });
    expect(bar).toHaveAttribute("aria-valuenow", "10");
    expect(bar).toHaveAttribute("aria-valuemax", "40");
    expect(screen.getByText("10 of 40 recipients sent")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Refresh" })).toBeNull();
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(await screen.findByText(/^30 of 40 recipients sent · 1 failed/)).toBeInTheDocument();
    // Sent: the bar goes, the table says so, and the list stops asking.
    await vi.advanceTimersByTimeAsync(POLL_MS);
    await waitFor(() => expect(screen.queryByRole("progressbar")).toBeNull());
    const table = screen.getByRole("table", { name: "Mailings" });
    expect(within(table).getByText("39")).toBeInTheDocument();
    const asked = server.of("GET", "/api/mailings").length;
    await vi.advanceTimersByTimeAsync(3 * POLL_MS);
    expect(server.of("GET", "/api/mailings").length).toBe(asked);
  });

  it("offers every status, the accounts that never started and a custom list, each with its count", async () => {
    const user = userEvent.setup();
    fakeServer(BASE);
    renderWithQuery(<BatchEmails />);
    const audience = screen.getByLabelText("Audience");
    expect(within(audience).getAllByRole("option").map((o) => (o as HTMLOptionElement).value)).toEqual([
      "started",
      "submitted",
      "accepted",
      "waitlisted",
      "waitlist_accepted",
      "waitlist_confirmed",
      "confirmed",
      "checked_in",
      "rejected",
      "declined",
      "expired",
      "never_started",
      "custom",
    ]);
    // Grouped, so the statuses read apart from the accounts and the pasted list.
    expect(within(audience).getByRole("group", { name: "By application status" })).toBeInTheDocument();
    expect(await within(audience).findByRole("option", { name: "Accepted (3)" })).toBeInTheDocument();
    expect(within(audience).getByRole("option", { name: "Submitted, no decision yet (12)" })).toBeInTheDocument();
    expect(screen.queryByLabelText("Custom recipients")).not.toBeInTheDocument();
    await user.selectOptions(audience, "custom");
    await user.type(screen.getByLabelText("Custom recipients"), "a@x.edu, b@y.edu");
    expect(screen.getByText(/\(2 found\)/)).toBeInTheDocument();
    expect(await screen.findByText("No mailings yet. Scheduled emails will show here.")).toBeInTheDocument();
  });

  it("refuses an incomplete form without calling the server", async () => {
    const user = userEvent.setup();
    const server = fakeServer(BASE);
    renderWithQuery(<BatchEmails />);
    await user.selectOptions(screen.getByLabelText("Audience"), "custom");
    await user.click(screen.getByRole("button", { name: "Schedule" }));
    expect(screen.getByText("Enter a subject.")).toBeInTheDocument();
    expect(screen.getByText("Paste at least one email address.")).toBeInTheDocument();
    expect(screen.getByText("Write the email.")).toBeInTheDocument();
    expect(screen.getByText("Choose when to send.")).toBeInTheDocument();
    expect(screen.getByLabelText("Subject")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Message in Markdown")).toHaveAttribute("aria-invalid", "true");
    expect(server.of("POST", "/api/mailings")).toHaveLength(0);

    // Each error goes as its field is fixed; the others stay.
    await user.type(screen.getByLabelText("Subject"), "Welcome");
    expect(screen.queryByText("Enter a subject.")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Subject")).not.toHaveAttribute("aria-invalid");
    expect(screen.getByText("Write the email.")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Custom recipients"), "a@x.edu");
    expect(screen.queryByText("Paste at least one email address.")).not.toBeInTheDocument();
    await user.type(screen.getByLabelText("Message in Markdown"), "Hi");
    expect(screen.queryByText("Write the email.")).not.toBeInTheDocument();
    expect(screen.getByText("Choose when to send.")).toBeInTheDocument();
  });

  it("formats with the toolbar and the keyboard, and inserts placeholders", async () => {
    const user = userEvent.setup();
    fakeServer(BASE);
    renderWithQuery(<BatchEmails />);
    const editor = screen.getByLabelText("Message in Markdown") as HTMLTextAreaElement;
    await user.type(editor, "Hi there");
    editor.setSelectionRange(3, 8);
    await user.click(screen.getByRole("button", { name: "Bold" }));
    expect(editor).toHaveValue("Hi **there**");
    expect(editor).toHaveFocus();
    expect([editor.selectionStart, editor.selectionEnd]).toEqual([5, 10]);
    await user.keyboard("{Control>}b{/Control}");
    expect(editor).toHaveValue("Hi there");
    // The placeholder list arrives with the first preview.
    await screen.findByRole("option", { name: "dashboard_link" });
    editor.setSelectionRange(8, 8);
    await user.selectOptions(screen.getByLabelText("Placeholder"), "dashboard_link");
    await user.click(screen.getByRole("button", { name: "Insert placeholder" }));
    expect(editor).toHaveValue("Hi there{{ dashboard_link }}");
    for (const name of ["Italic", "Link", "List", "Heading"]) {
      expect(within(screen.getByRole("group", { name: "Formatting" })).getByRole("button", { name })).toBeEnabled();
    }
  });

  it("previews the draft from the server for a real recipient, says whose, and steps through recipients", async () => {
    const user = userEvent.setup();
    const server = fakeServer(BASE);
    renderWithQuery(<BatchEmails />);
    await user.type(screen.getByLabelText("Subject"), "Hi {{{{ first_name }}");
    await user.selectOptions(screen.getByLabelText("Audience"), "accepted");
    await user.type(screen.getByLabelText("Message in Markdown"), "Welcome {{{{ first_name }}");
    expect(await screen.findByText("As Ada Lovelace <ada@princeton.edu> will get it (recipient 1 of 3).")).toBeVisible();
    await waitFor(() => expect(screen.getByText("Hi Ada")).toBeInTheDocument());
    const frame = screen.getByTitle("The email as ada@princeton.edu will get it");
    expect(frame).toHaveAttribute("sandbox", "");
    expect(frame.getAttribute("srcdoc")).toBe("<p>Welcome Ada</p>");
    expect(screen.getByText("3 recipients will get this email.")).toBeInTheDocument();
    // Debounced: typing a whole sentence asks for far fewer previews than keystrokes.
    const previews = server.of("POST", "/api/mailings/preview");
    expect(previews.length).toBeLessThan(8);
    const last = JSON.parse(String(previews[previews.length - 1].init.body));
    expect(last).toMatchObject({ subject: "Hi {{ first_name }}", markdown: "Welcome {{ first_name }}", audience: "accepted" });

    await user.click(screen.getByRole("button", { name: "Next recipient" }));
    expect(await screen.findByText(/recipient 2 of 3/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Previous recipient" }));
    await user.click(screen.getByRole("button", { name: "Previous recipient" }));
    expect(await screen.findByText(/recipient 3 of 3/)).toBeInTheDocument();
  });

  it("shows the server's refusal of a draft, such as an unknown placeholder, in the preview", async () => {
    const user = userEvent.setup();
    const message = "Unknown placeholder: shoe_size. Use one of: first_name, last_name.";
    fakeServer({ ...BASE, "POST /api/mailings/preview": () => json({ message, errors: { markdown: [message] } }, 400) });
    renderWithQuery(<BatchEmails />);
    await user.type(screen.getByLabelText("Message in Markdown"), "{{{{ shoe_size }}");
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
  });

  it("counts the audience chosen while the draft is refused, not the last good preview's", async () => {
    const user = userEvent.setup();
    const message = "Unknown placeholder: shoe_size. Use one of: first_name, last_name.";
    fakeServer({
      ...BASE,
      "POST /api/mailings/preview": (_url, init) =>
        String(init.body).includes("shoe_size") ? json({ message, errors: { markdown: [message] } }, 400) : previewOf(init),
    });
    renderWithQuery(<BatchEmails />);
    await user.selectOptions(screen.getByLabelText("Audience"), "accepted");
    await user.type(screen.getByLabelText("Message in Markdown"), "Hello");
    expect(await screen.findByText("3 recipients will get this email.")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Message in Markdown"), " {{{{ shoe_size }}");
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    await user.selectOptions(screen.getByLabelText("Audience"), "submitted");
    expect(await screen.findByText("12 recipients will get this email.")).toBeInTheDocument();
  });

  it("posts the Markdown as multipart with the send time's offset, then refreshes the list", async () => {
    const user = userEvent.setup();
    let listed: unknown[] = [];
    const server = fakeServer({
      ...BASE,
      "GET /api/mailings": () => json(listed),
      "POST /api/mailings": () => {
        listed = [{ ...SCHEDULED, id: 9, subject: "Hello", audience: "custom", recipients: 2 }];
        return json({ id: 9, status: "scheduled", recipients: 2, send_at: "2026-03-01T09:30:00Z" }, 201);
      },
    });
    renderWithQuery(<BatchEmails />);
    await fillRequired(user);
    await user.selectOptions(screen.getByLabelText("Audience"), "custom");
    await user.type(screen.getByLabelText("Custom recipients"), "a@x.edu b@y.edu");
    await user.type(screen.getByLabelText("Message in Markdown"), "Hi {{{{ first_name }}");
    await user.click(screen.getByRole("button", { name: "Schedule" }));
    const notice = await screen.findByText(/to 2 recipients\./);
    // The time the server stored (a time already past goes out now), as the table shows it.
    expect(notice).toHaveTextContent(formatSendAt("2026-03-01T09:30:00Z"));
    expect(notice).not.toHaveTextContent(formatSendAt(localToIso("2030-03-01T09:30") ?? ""));
    const [post] = server.of("POST", "/api/mailings");
    const form = post.init.body as FormData;
    expect(form.get("subject")).toBe("Hello");
    expect(form.get("audience")).toBe("custom");
    expect(form.get("emails")).toBe("a@x.edu b@y.edu");
    expect(form.get("markdown")).toBe("Hi {{ first_name }}");
    expect(form.get("html")).toBeNull();
    expect(form.get("confirm_duplicate")).toBeNull();
    expect(form.get("send_at")).toBe(localToIso("2030-03-01T09:30"));
    await waitFor(() => expect(screen.getByRole("cell", { name: "Hello" })).toBeInTheDocument());
    expect(screen.getByLabelText("Subject")).toHaveValue("");
    expect(screen.getByLabelText("Message in Markdown")).toHaveValue("");
  });

  it("sends a version per enabled language, written in labelled fields, and asks for both parts of one", async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      ...BASE,
      "GET /api/mailings": () => json([]),
      "POST /api/mailings": () => json({ id: 9, status: "scheduled", recipients: 2, send_at: "2026-03-01T09:30:00Z" }, 201),
    });
    renderWithQuery(<BatchEmails languages={[{ code: "es", name: "Español" }]} />);
    await fillRequired(user);
    await user.type(screen.getByLabelText("Message in Markdown"), "Doors open at 9.");
    const subject = screen.getByLabelText("Subject in Español");
    await user.type(subject, "Abrimos a las 9");
    await user.click(screen.getByRole("button", { name: "Schedule" }));
    // Half a version is a mistake, said beside it, and nothing is sent.
    expect(await screen.findByText(/both a subject and a message/)).toBeInTheDocument();
    expect(server.of("POST", "/api/mailings")).toHaveLength(0);
    await user.type(screen.getByLabelText("Message in Español, in Markdown"), "Hola, abrimos a las 9.");
    await user.click(screen.getByRole("button", { name: "Schedule" }));
    expect(await screen.findByText(/Scheduled for/)).toBeInTheDocument();
    const form = server.of("POST", "/api/mailings")[0].init.body as FormData;
    expect(JSON.parse(form.get("translations") as string)).toEqual({
      es: { subject: "Abrimos a las 9", markdown: "Hola, abrimos a las 9." },
    });
  });

  it("offers no other language with only the default enabled", async () => {
    fakeServer({ ...BASE, "GET /api/mailings": () => json([]) });
    renderWithQuery(<BatchEmails />);
    expect(await screen.findByLabelText("Message in Markdown")).toBeInTheDocument();
    expect(screen.queryByText("Other languages (optional)")).not.toBeInTheDocument();
  });

  it("can still send an uploaded HTML file, previewed like Markdown", async () => {
    const user = userEvent.setup();
    const server = fakeServer({ ...BASE, "POST /api/mailings": () => json({ id: 9, status: "scheduled", recipients: 3, send_at: "2026-03-01T09:30:00Z" }, 201) });
    renderWithQuery(<BatchEmails />);
    await fillRequired(user);
    await user.click(screen.getByRole("radio", { name: "Upload HTML" }));
    expect(screen.queryByLabelText("Message in Markdown")).not.toBeInTheDocument();
    expect(screen.getByText("Choose a file to preview it.")).toBeInTheDocument();
    const file = new File(["<p>Hi {{ first_name }}</p>"], "hello.html", { type: "text/html" });
    await user.upload(screen.getByLabelText("HTML file"), file);
    await waitFor(() =>
      expect(
        server.of("POST", "/api/mailings/preview").some((c) => JSON.parse(String(c.init.body)).html.includes("Hi {{")),
      ).toBe(true),
    );
    await user.click(screen.getByRole("button", { name: "Schedule" }));
    expect(await screen.findByText(/to 3 recipients\./)).toBeInTheDocument();
    const form = server.of("POST", "/api/mailings")[0].init.body as FormData;
    expect((form.get("html") as File).name).toBe("hello.html");
    expect(form.get("markdown")).toBeNull();
  });

  it("warns about a duplicate and schedules it again only when confirmed", async () => {
    const user = userEvent.setup();
    const warning = "The same email to the 'accepted' audience was sent on May 1, 2030 at 10:00 UTC. Confirm to schedule it again.";
    const server = fakeServer({
      ...BASE,
      "POST /api/mailings": (_url, init) =>
        (init.body as FormData).get("confirm_duplicate") === "true"
          ? json({ id: 10, status: "scheduled", recipients: 3, send_at: "2026-03-01T09:30:00Z" }, 201)
          : json({ message: warning, errors: { confirm_duplicate: [warning] }, code: "duplicate_mailing" }, 409),
    });
    renderWithQuery(<BatchEmails />);
    await fillRequired(user);
    await user.type(screen.getByLabelText("Message in Markdown"), "Doors open at 9");
    await user.click(screen.getByRole("button", { name: "Schedule" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(warning);
    expect(screen.queryByText(/to 3 recipients\./)).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Schedule it again" }));
    expect(await screen.findByText(/to 3 recipients\./)).toBeInTheDocument();
    const posts = server.of("POST", "/api/mailings");
    expect(posts.map((p) => (p.init.body as FormData).get("confirm_duplicate"))).toEqual([null, "true"]);
    expect(screen.queryByRole("button", { name: "Schedule it again" })).not.toBeInTheDocument();
  });

  it("drops the duplicate warning when the organizer decides not to send", async () => {
    const user = userEvent.setup();
    fakeServer({ ...BASE, "POST /api/mailings": () => json({ message: "Already sent.", code: "duplicate_mailing" }, 409) });
    renderWithQuery(<BatchEmails />);
    await fillRequired(user);
    await user.type(screen.getByLabelText("Message in Markdown"), "x");
    await user.click(screen.getByRole("button", { name: "Schedule" }));
    await user.click(await screen.findByRole("button", { name: "Don’t send it twice" }));
    expect(screen.queryByText("Already sent.")).not.toBeInTheDocument();
  });

  it("shows the server's message and field errors when scheduling is refused", async () => {
    const user = userEvent.setup();
    fakeServer({
      ...BASE,
      "POST /api/mailings": () =>
        json({ message: "The mailing could not be scheduled.", errors: { subject: ["The subject must be one line."] } }, 400),
    });
    renderWithQuery(<BatchEmails />);
    await fillRequired(user);
    await user.type(screen.getByLabelText("Message in Markdown"), "x");
    await user.click(screen.getByRole("button", { name: "Schedule" }));
    expect(await screen.findByText("The subject must be one line.")).toBeInTheDocument();
    expect(screen.getByText("The mailing could not be scheduled.")).toBeInTheDocument();
  });

  it("cancels a scheduled mailing and refreshes", async () => {
    const user = userEvent.setup();
    let listed = [SCHEDULED];
    const server = fakeServer({
      ...BASE,
      "GET /api/mailings": () => json(listed),
      "DELETE /api/mailings/7": () => {
        listed = [{ ...SCHEDULED, status: "cancelled" }];
        return new Response(null, { status: 204 });
      },
    });
    renderWithQuery(<BatchEmails />);
    await user.click(await screen.findByRole("button", { name: "Cancel “Doors open at 9”" }));
    expect(await screen.findByText("Cancelled")).toBeInTheDocument();
    expect(server.of("DELETE", "/api/mailings/7")).toHaveLength(1);
    expect(screen.queryByRole("button", { name: /^Cancel/ })).not.toBeInTheDocument();
  });

  it("shows each recipient's delivery state with counts, filters by state and pages", async () => {
    const user = userEvent.setup();
    const rows = (state: string, n: number, from = 0) =>
      Array.from({ length: n }, (_, i) => ({
        email: `r${from + i}@x.edu`,
        state,
        attempts: state === "failed" ? 5 : 1,
        last_error: state === "failed" ? "550 No such user" : "",
        sent_at: state === "sent" ? "2030-03-01T14:31:00Z" : null,
      }));
    const server = fakeServer({
      ...BASE,
      "GET /api/mailings": () => json([SENT]),
      "GET /api/mailings/6/deliveries": (url) => {
        const params = new URL(url, "http://x").searchParams;
        const counts = { pending: 0, sending: 0, sent: 58, failed: 2 };
        const base = { mailing: { id: 6, subject: "Save the date", status: "sent" }, counts };
        if (params.get("state") === "failed") return json({ ...base, deliveries: rows("failed", 2), total: 2, pages: 1, page: 1 });
        const page = Number(params.get("page") ?? 1);
        return json({ ...base, deliveries: rows("sent", page === 1 ? 50 : 10, (page - 1) * 50), total: 60, pages: 2, page });
      },
    });
    renderWithQuery(<BatchEmails />);
    const open = await screen.findByRole("button", { name: "Deliveries of “Save the date”" });
    expect(open).toHaveAttribute("aria-expanded", "false");
    await user.click(open);
    expect(open).toHaveAttribute("aria-expanded", "true");
    const panel = await screen.findByRole("region", { name: "Deliveries of “Save the date”" });
    expect(within(panel).getByRole("heading", { name: "Deliveries of “Save the date”" })).toHaveFocus();
    expect(await within(panel).findByText("r0@x.edu")).toBeInTheDocument();
    const filter = within(panel).getByRole("group", { name: "Show recipients" });
    expect(within(filter).getByRole("button", { name: "All 60" })).toHaveAttribute("aria-pressed", "true");
    expect(within(filter).getByRole("button", { name: "Sent 58" })).toBeInTheDocument();
    expect(within(panel).getByText("Page 1 of 2")).toBeInTheDocument();

    await user.click(within(panel).getByRole("button", { name: "Next page" }));
    expect(await within(panel).findByText("r59@x.edu")).toBeInTheDocument();
    expect(server.calls.some((c) => c.url.includes("page=2"))).toBe(true);

    await user.click(within(filter).getByRole("button", { name: "Failed 2" }));
    expect(await within(panel).findAllByText("550 No such user")).toHaveLength(2);
    expect(server.calls.some((c) => c.url.includes("state=failed") && c.url.includes("page=1"))).toBe(true);

    await user.click(within(panel).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("region", { name: "Deliveries of “Save the date”" })).not.toBeInTheDocument();
    await waitFor(() => expect(open).toHaveFocus());
  });
});
