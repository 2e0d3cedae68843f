import { describe, expect, it } from "vitest";
import { countdown, groupCards, openTodos, share } from "./home-state";

const NOW = new Date("2026-05-01T12:00:00Z");
const later = (ms: number) => new Date(NOW.getTime() + ms);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe("countdown", () => {
  it.each([
    [3 * DAY + 4 * HOUR + 5 * MIN, "3 days 4 hours"],
    [1 * DAY, "1 day"],
    [1 * DAY + 1 * HOUR, "1 day 1 hour"],
    [5 * HOUR + 12 * MIN, "5 hours 12 minutes"],
    [2 * HOUR, "2 hours"],
    [1 * MIN, "1 minute"],
    [59 * 1000, "under a minute"],
  ])("%i ms left reads %s", (ms, text) => {
    expect(countdown(later(ms), NOW)).toEqual({ text, passed: false });
  });

  it("says passed at and after the moment", () => {
    expect(countdown(NOW, NOW)).toEqual({ text: "passed", passed: true });
    expect(countdown(later(-DAY), NOW).passed).toBe(true);
  });
});

describe("groupCards", () => {
  const card = (href: string) => ({ title: href, href, description: "" });

  it("orders the tools by the work, leaves out empty groups and keeps unknown tools under More", () => {
    const groups = groupCards([card("/admin/stats"), card("/checkin"), card("/admin/users"), card("/admin/new-tool")]);
    expect(groups.map((g) => [g.title, g.cards.map((c) => c.href)])).toEqual([
      ["Applications", ["/admin/users"]],
      ["Event", ["/checkin"]],
      ["Reports", ["/admin/stats"]],
      ["More", ["/admin/new-tool"]],
    ]);
  });

  it("places the original fifteen tools in the six groups", () => {
    const hrefs = [
      "/admin/users", "/admin/stats", "/admin/batch", "/admin/administrators", "/admin/config",
      "/admin/resumebook", "/admin/assignapps", "/admin/reviewapps", "/admin/whitelist-emails",
      "/admin/demographics", "/admin/createapp", "/admin/rubric", "/admin/ranking",
      "/admin/automated-emails", "/checkin",
    ];
    const groups = groupCards(hrefs.map(card));
    expect(groups.map((g) => g.title)).toEqual([
      "Applications",
      "Reviewing",
      "Decisions and mail",
      "Event",
      "People",
      "Reports",
    ]);
    expect(groups.flatMap((g) => g.cards).length).toBe(15);
  });
});

describe("openTodos and share", () => {
  it("keeps the open to-dos in order", () => {
    const todo = (key: string, done: boolean) => ({ key, label: key, count: done ? 0 : 2, href: "/", done });
    expect(openTodos([todo("a", false), todo("b", true), todo("c", false)]).map((t) => t.key)).toEqual(["a", "c"]);
  });

  it.each([
    [0, 0, ""],
    [5, 0, ""],
    [1, 3, "33%"],
    [3, 3, "100%"],
  ])("%i of %i is %s", (count, of, text) => {
    expect(share(count, of)).toBe(text);
  });
});
