import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { DemographicQuestion } from "../../api/reports";
import { Demographics, chartKind, chartSummary } from "./demographics";
import { renderWithQuery } from "../../lib/test-utils";

const GROUPS = [
  { value: "applied" as const, label: "Applied" },
  { value: "accepted" as const, label: "Accepted" },
  { value: "confirmed" as const, label: "Confirmed" },
];

const DATA: DemographicQuestion[] = [
  {
    question_id: "age",
    question_text: "Age",
    question_type: "numeric",
    data: [
      { label: "18", count: 3 },
      { label: "19", count: 5 },
    ],
  },
  { question_id: "first_hack", question_text: "First hackathon?", question_type: "boolean", data: [] },
];

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

describe("Demographics", { timeout: 20000 }, () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn(async () => json(DATA));
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("draws bars for numeric and multiselect questions and pies otherwise", () => {
    expect(chartKind("numeric")).toBe("bar");
    expect(chartKind("multiselect")).toBe("bar");
    expect(chartKind("boolean")).toBe("pie");
    expect(chartKind("multiple_choice")).toBe("pie");
    // Hundreds of possible answers: a pie would be a ring of slivers.
    expect(chartKind("country")).toBe("bar");
    expect(chartKind("school")).toBe("bar");
    expect(chartSummary(DATA[0])).toBe("Bar chart of Age: 19 5, 18 3.");
  });

  it("lists the questions, describes each chart in a table, and says 'No data available.' when empty", async () => {
    renderWithQuery(<Demographics groups={GROUPS} initialGroup="applied" />);
    const nav = await screen.findByRole("navigation", { name: "Survey questions" });
    expect(await within(nav).findByRole("link", { name: "Age" })).toHaveAttribute("href", "#chart-age");
    expect(screen.getByRole("img", { name: "Bar chart of Age: 19 5, 18 3." })).toBeInTheDocument();
    const table = screen.getByRole("table", { name: "Age" });
    expect(within(table).getByRole("rowheader", { name: "19" })).toBeInTheDocument();
    expect(screen.getByText("No data available.")).toBeInTheDocument();
    expect(fetchMock.mock.calls[0][0]).toBe("/api/applications/demographics?group=applied");
  });

  it("lists the page's questions before the counts arrive", async () => {
    let answer: (value: Response) => void = () => {};
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    const listed = DATA.map(({ question_id, question_text }) => ({ question_id, question_text }));
    renderWithQuery(<Demographics groups={GROUPS} initialGroup="applied" questions={listed} />);
    // In the first render: the list doesn't grow above the charts when they come.
    const nav = screen.getByRole("navigation", { name: "Survey questions" });
    expect(within(nav).getAllByRole("link").map((a) => a.textContent)).toEqual(["Age", "First hackathon?"]);
    expect(within(nav).queryByText("Loading…")).not.toBeInTheDocument();
    answer(json(DATA));
    expect(await screen.findByRole("img", { name: "Bar chart of Age: 19 5, 18 3." })).toBeInTheDocument();
    expect(within(nav).getAllByRole("link")).toHaveLength(2);
  });

  it("refetches for the group chosen in the toggle", async () => {
    renderWithQuery(<Demographics groups={GROUPS} initialGroup="applied" />);
    await screen.findByRole("link", { name: "Age" });
    await userEvent.click(screen.getByRole("button", { name: "Confirmed" }));
    expect(screen.getByRole("button", { name: "Confirmed" })).toHaveAttribute("aria-pressed", "true");
    expect(fetchMock.mock.calls.at(-1)?.[0]).toBe("/api/applications/demographics?group=confirmed");
  });

  it("shows an error with a retry when loading fails", async () => {
    fetchMock.mockImplementation(async () => json({ message: "no" }, 500));
    renderWithQuery(<Demographics groups={GROUPS} initialGroup="accepted" />);
    expect(await screen.findByText("The demographics could not be loaded.")).toBeInTheDocument();
  });
});
