import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AutomatedEmails } from "./automated-emails";
import { renderWithQuery } from "../../lib/test-utils";

const TEMPLATES = [
  {
    key: "verify_email",
    name: "Email verification",
    subject: "Verify your email for {{ event_name }}",
    html: "<p>Hi, click {{ verify_url }}</p>",
    placeholders: ["verify_url", "event_name"],
    customized: false,
  },
  {
    key: "decision_accepted",
    name: "Decision: accepted",
    subject: "You're in, {{ first_name }}!",
    html: "<p>Welcome</p>",
    placeholders: ["first_name", "event_name"],
    customized: true,
  },
];

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

describe("AutomatedEmails", { timeout: 20000 }, () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === "/api/mailings/templates") return json(TEMPLATES);
      if (url === "/api/mailings/templates?language=es")
        return json(TEMPLATES.map((t) => ({ ...t, subject: `ES ${t.subject}`, customized: false, language: "es" })));
      if (url.endsWith("/preview")) {
        const body = JSON.parse(init?.body as string);
        return json({ subject: body.subject.replace("{{ event_name }}", "HackPortal"), html: `<p>rendered</p>`, text: "" });
      }
      if (url.endsWith("/test")) return json({ message: "A test email was sent to grace@princeton.edu." });
      if (init?.method === "PUT") return json({ ...TEMPLATES[0], ...JSON.parse(init.body as string), customized: true });
      return json({ message: "unexpected" }, 500);
    });
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("lists the automated emails and previews the selected one in a sandboxed frame", async () => {
    renderWithQuery(<AutomatedEmails email="grace@princeton.edu" />);
    expect(await screen.findByRole("button", { name: "Decision: accepted" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Email verification" })).toHaveAttribute("aria-current", "true");
    expect(screen.getByText("{{ verify_url }}")).toBeInTheDocument();
    const frame = await screen.findByTitle("Preview of Email verification", undefined, { timeout: 8000 });
    expect(frame).toHaveAttribute("sandbox", "");
    expect(frame).toHaveAttribute("srcdoc", "<p>rendered</p>");
    expect(screen.getByText("Verify your email for HackPortal")).toBeInTheDocument();
  });

  it("saves the edited subject and HTML through PUT, and sends a test to the organizer", async () => {
    renderWithQuery(<AutomatedEmails email="grace@princeton.edu" />);
    const subject = await screen.findByLabelText("Subject");
    await userEvent.clear(subject);
    await userEvent.type(subject, "Please verify");
    expect(screen.getByText("Unsaved changes")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Saved. The next emails of this kind use this version.")).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === "PUT");
    expect(put?.[0]).toBe("/api/mailings/templates/verify_email");
    expect(JSON.parse((put?.[1] as RequestInit).body as string)).toEqual({
      subject: "Please verify",
      html: "<p>Hi, click {{ verify_url }}</p>",
    });
    await userEvent.click(screen.getByRole("button", { name: "Send test to me" }));
    expect(await screen.findByText("A test email was sent to grace@princeton.edu.")).toBeInTheDocument();
  });

  it("refuses to save an empty subject", async () => {
    renderWithQuery(<AutomatedEmails email="grace@princeton.edu" />);
    await userEvent.clear(await screen.findByLabelText("Subject"));
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getByText("Enter a subject.")).toBeInTheDocument();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === "PUT")).toBe(false),
    );
  });
  it("offers no language choice with one language enabled", async () => {
    renderWithQuery(<AutomatedEmails email="grace@princeton.edu" languages={[{ code: "en", name: "English" }]} />);
    expect(await screen.findByLabelText("Subject")).toBeInTheDocument();
    expect(screen.queryByLabelText("Version for")).not.toBeInTheDocument();
  });

  it("edits another language's version, chosen with a labelled select, and saves it for that language", async () => {
    const languages = [
      { code: "en", name: "English" },
      { code: "es", name: "Español" },
    ];
    renderWithQuery(<AutomatedEmails email="grace@princeton.edu" languages={languages} />);
    const choice = await screen.findByLabelText("Version for");
    expect(choice).toHaveValue("en");
    expect(choice).toHaveAccessibleDescription(/else the English one/);
    // A native select: it takes the focus and the browser's own keys.
    choice.focus();
    expect(choice).toHaveFocus();
    await userEvent.selectOptions(choice, "es");
    expect(await screen.findByDisplayValue("ES Verify your email for {{ event_name }}")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Email verification · Español" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Saved. The next emails of this kind use this version.")).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === "PUT");
    expect(JSON.parse((put?.[1] as RequestInit).body as string)).toEqual({
      subject: "ES Verify your email for {{ event_name }}",
      html: "<p>Hi, click {{ verify_url }}</p>",
      language: "es",
    });
    // Back to the default language: its own version again.
    await userEvent.selectOptions(choice, "en");
    expect(await screen.findByDisplayValue("Verify your email for {{ event_name }}")).toBeInTheDocument();
  });
});
