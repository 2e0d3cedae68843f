import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AdminHome as HomeData } from "../../api/home";
import { AdminHome } from "./admin-home";
import { renderWithQuery } from "../../lib/test-utils";

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const stage = (key: string, label: string, count: number, selection = key) => ({
  key,
  label,
  count,
  selection,
  query: `selection=${selection}`,
  href: `/admin/users?selection=${selection}`,
});

const HOME: HomeData = {
  cycle: { id: 1, name: "Fall 2026", status: "open", status_label: "Open" },
  next_deadline: { name: "due", label: "Applications close", date: "2099-05-20", at: "2099-05-20T00:00:00Z" },
  now: "2026-05-01T00:00:00Z",
  registered: { key: "registered", label: "Registered", count: 40, never_started: 10, href: "/admin/batch?audience=never_started" },
  funnel: [stage("started", "Started", 30, "registered"), stage("submitted", "Submitted", 20)],
  beside: [stage("declined", "Declined", 2), stage("waitlist", "Waitlist", 3, "waitlisted")],
  todos: [
    { key: "unassigned", label: "applications submitted without a reviewer", count: 4, href: "/admin/assignapps", done: false },
    { key: "mail_failed", label: "emails failed", count: 0, href: "/admin/batch", done: true },
  ],
};

const CARDS = [
  { title: "Applications", href: "/admin/users", description: "Browse" },
  { title: "Statistics", href: "/admin/stats", description: "Counts" },
];

describe("AdminHome", { timeout: 20000 }, () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("leads with the status, the funnel linking to the table, and the open to-dos", async () => {
    fetchMock.mockResolvedValueOnce(json(HOME));
    renderWithQuery(<AdminHome cards={CARDS} />);
    expect(await screen.findByText("Fall 2026", { exact: false })).toBeInTheDocument();
    expect(screen.getByText("Open")).toBeInTheDocument();
    expect(screen.getByText(/Next: Applications close/)).toBeInTheDocument();
    const funnel = screen.getByRole("list", { name: "Funnel" });
    const submitted = within(funnel).getByRole("link", { name: /^Submitted 20\b.*Open in the table$/ });
    expect(submitted).toHaveAttribute("href", "/admin/users?selection=submitted");
    expect(within(funnel).getByText("67%")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "10 never started" })).toHaveAttribute("href", "/admin/batch?audience=never_started");
    const todo = screen.getByRole("link", { name: /4 applications submitted without a reviewer/ });
    expect(todo).toHaveAttribute("href", "/admin/assignapps");
    // A to-do that is done is not listed.
    expect(screen.queryByText(/emails failed/)).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Applications", level: 2 })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Reports", level: 2 })).toBeInTheDocument();
  });

  it("draws the page's own numbers at once, without asking the API", () => {
    renderWithQuery(<AdminHome cards={CARDS} initial={HOME} />);
    // No spinner first: the funnel is there in the first render, above the tools.
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    const funnel = screen.getByRole("list", { name: "Funnel" });
    expect(within(funnel).getByRole("link", { name: /^Submitted 20\b/ })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /4 applications submitted without a reviewer/ })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says so when every to-do is done", async () => {
    fetchMock.mockResolvedValueOnce(json({ ...HOME, todos: [{ ...HOME.todos[1] }] }));
    renderWithQuery(<AdminHome cards={CARDS} />);
    expect(await screen.findByText(/Nothing waiting/)).toBeInTheDocument();
  });

  it("offers a retry when the numbers can't be loaded, and keeps the tools", async () => {
    fetchMock.mockResolvedValue(json({ message: "Server error" }, 500));
    renderWithQuery(<AdminHome cards={CARDS} />);
    expect(await screen.findByText("The cycle's numbers could not be loaded.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Statistics/ })).toHaveAttribute("href", "/admin/stats");
  });
});
