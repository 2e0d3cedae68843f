// After a release the configuration page follows the decision emails by itself ("N of M sent"),
// and stops asking once none is pending; the release dialog says when applications are still open.
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { organizerApi, type CycleConfig } from "../../api/organizer";
import { POLL_MS } from "../../lib/progress";
import { renderWithQuery } from "../../lib/test-utils";
import { ConfigForm } from "./config-form";
import { stillOpenNote } from "./config-state";
import { releaseProgressText } from "./release-progress";

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const STATUSES = [
  { value: "not_open", label: "Not open" },
  { value: "open", label: "Open" },
  { value: "closed", label: "Closed" },
  { value: "released", label: "Released" },
];
const SEASONS = [{ value: "fall", label: "Fall" }];
const CONFIG: CycleConfig = {
  dates: {
    start: "2026-10-10",
    end: "2026-10-11",
    housing: "2026-10-01",
    confirmation_first_deadline: "2026-09-20",
    confirmation_second_deadline: "2026-09-30",
    due: "2026-09-01",
    waitlist_deadline: "2026-09-25",
  },
  status: "released",
  location: "Princeton, NJ",
  housing_link: "https://forms.example.org/housing",
  retention_date: null,
};

function renderForm(config: CycleConfig = CONFIG) {
  return renderWithQuery(
    <ConfigForm config={config} current={{ year: 2026, cycle: "fall" }} statuses={STATUSES} seasons={SEASONS} />,
  );
}

describe("the release's emails on the configuration page", { timeout: 20000 }, () => {
  it("counts up by itself while emails are pending, then stops asking", async () => {
    const answers = [
      { total: 40, sent: 10, failed: 0, pending: 30 },
      { total: 40, sent: 25, failed: 1, pending: 14 },
      { total: 40, sent: 39, failed: 1, pending: 0 },
    ];
    // Fake timers that also follow the clock (the testing library's waits run on it). The test
    // moves the clock one poll interval at a time instead of waiting for it, and at the end past
    // several at once to show that no poll comes any more.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const progress = vi.spyOn(organizerApi, "releaseProgress").mockImplementation(async () => answers.shift() ?? { total: 40, sent: 39, failed: 1, pending: 0 });
    renderForm();
    const panel = await screen.findByRole("region", { name: "Decision emails" });
    expect(within(panel).getByRole("progressbar", { name: "Sending the decision emails" })).toHaveAttribute("aria-valuenow", "10");
    expect(panel).toHaveTextContent("10 of 40 emails sent");
    // No Refresh: the next answers arrive on their own.
    expect(within(panel).queryByRole("button")).toBeNull();
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(await within(panel).findByText(/25 of 40 emails sent · 1 failed/)).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(await within(panel).findByText(/39 of 40 emails sent · 1 failed/)).toBeInTheDocument();
    expect(within(panel).getByRole("progressbar", { name: "Every decision email has been handled" })).toHaveAttribute("aria-valuemax", "40");
    expect(within(panel).getByText(/1 email could not be delivered/)).toBeInTheDocument();
    const calls = progress.mock.calls.length;
    await vi.advanceTimersByTimeAsync(3 * POLL_MS);
    expect(progress.mock.calls.length).toBe(calls);
  });

  it("shows nothing before a release, and asks nothing", async () => {
    const progress = vi.spyOn(organizerApi, "releaseProgress");
    renderForm({ ...CONFIG, status: "closed" });
    await screen.findByRole("heading", { name: "Cycle configuration" });
    expect(screen.queryByRole("region", { name: "Decision emails" })).toBeNull();
    expect(progress).not.toHaveBeenCalled();
  });

  it("starts following right after the organizer confirms a release", async () => {
    vi.spyOn(organizerApi, "releasePreview").mockResolvedValue({
      total: 3,
      counts: [{ status: "accepted", label: "Accepted", count: 3 }],
    });
    vi.spyOn(organizerApi, "saveConfig").mockResolvedValue({ ...CONFIG, status: "released", message: "ok" });
    vi.spyOn(organizerApi, "releaseProgress").mockResolvedValue({ total: 3, sent: 0, failed: 0, pending: 3 });
    const user = userEvent.setup();
    renderForm({ ...CONFIG, status: "closed" });
    await user.selectOptions(screen.getByLabelText("Hackathon status"), "released");
    await user.click(screen.getByRole("button", { name: "Save Configuration" }));
    const dialog = await screen.findByRole("alertdialog");
    await user.click(within(dialog).getByRole("button", { name: /Release and email 3/ }));
    const panel = await screen.findByRole("region", { name: "Decision emails" });
    expect(panel).toHaveTextContent("0 of 3 emails sent · 3 to go");
  });

  it("says in the release dialog that applications are still open until the due date", async () => {
    vi.setSystemTime(new Date("2026-08-20T12:00:00Z"));
    vi.spyOn(organizerApi, "releasePreview").mockResolvedValue({
      total: 2,
      counts: [{ status: "accepted", label: "Accepted", count: 2 }],
    });
    const user = userEvent.setup();
    renderForm({ ...CONFIG, status: "open" });
    await user.selectOptions(screen.getByLabelText("Hackathon status"), "released");
    await user.click(screen.getByRole("button", { name: "Save Configuration" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent(
      "Applications are still open until September 1, 2026. Releasing closes them now: nobody can submit after this save.",
    );
  });
});

describe("the words beside the bar", () => {
  it.each([
    [{ total: 4, sent: 4, failed: 0, pending: 0 }, [], "4 of 4 emails sent"],
    [{ total: 1, sent: 0, failed: 0, pending: 1 }, [], "0 of 1 email sent · 1 to go"],
    [
      { total: 100, sent: 20, failed: 2, pending: 78 },
      [
        { at: 0, done: 2 },
        { at: 2000, done: 22 },
      ],
      "20 of 100 emails sent · 2 failed · about 10 s left",
    ],
  ])("%j reads as expected", (progress, samples, text) => {
    expect(releaseProgressText(progress, samples)).toBe(text);
  });
});

describe("stillOpenNote", () => {
  it.each([
    ["open, before the due date", "open", "2026-09-01", "2026-08-20", "Applications are still open until September 1, 2026. Releasing closes them now: nobody can submit after this save."],
    ["open, on the due date", "open", "2026-09-01", "2026-09-01", "Applications are still open until September 1, 2026. Releasing closes them now: nobody can submit after this save."],
    ["open, past the due date", "open", "2026-09-01", "2026-09-02", "Applications are still open. Releasing closes them now: nobody can submit after this save."],
    ["closed early, before the due date", "closed", "2026-09-01", "2026-08-20", "Applications are due September 1, 2026, which hasn't passed yet: anyone still applying can't submit once decisions are out."],
    ["closed, past the due date", "closed", "2026-09-01", "2026-09-02", null],
    ["released again, past the due date", "released", "2026-09-01", "2026-10-02", null],
  ] as const)("%s", (_name, saved, due, today, note) => {
    expect(stillOpenNote(saved, due, today)).toBe(note);
  });
});
