import { act, render as renderBare, screen, within } from "@testing-library/react";
import type { ReactElement } from "react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../lib/fetch-mock";
import { QueryProvider } from "../../lib/query";
import { CardLoading, DashboardPage, type DashboardProps } from "./dashboard-page";
import { CHOOSE_FIRST } from "./choice-form";
import { SAMPLE_CONFIG } from "./sample-config";

// The page fetches the ticket of a confirmed applicant through TanStack Query, as mount() sets up.
const render = (ui: ReactElement) => renderBare(ui, { wrapper: ({ children }) => <QueryProvider>{children}</QueryProvider> });

const config = SAMPLE_CONFIG;

function props(overrides: Partial<DashboardProps> = {}): DashboardProps {
  return {
    email: "ada@princeton.edu",
    status: "submitted",
    travelReimbursement: false,
    housingAccommodations: false,
    teamcode: null,
    cycleStatus: "released",
    config,
    onAnswered: vi.fn(),
    ...overrides,
  };
}

function setReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({
      matches: reduce && query.includes("reduce"),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })),
  );
}

beforeEach(() => {
  setReducedMotion(false);
  // jsdom has no canvas; the confetti then only mounts and unmounts its element.
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(null);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("DashboardPage", () => {
  it("paints the headline from its props at once, with no loading placeholder", () => {
    render(<DashboardPage {...props({ status: "accepted" })} />);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Congratulations, You Have Been Accepted!");
    // The status card comes with the page; the "Your data" card below it loads apart.
    const main = screen.getByRole("region", { name: "Congratulations, You Have Been Accepted!" });
    expect(within(main).queryByText(/Loading/)).not.toBeInTheDocument();
  });

  it("holds a card's place with its title and a spinner while its code loads", () => {
    renderBare(<CardLoading className="card privacy-panel" title="Your data" label="Loading…" />);
    const card = screen.getByRole("heading", { level: 2, name: "Your data" }).closest("section");
    expect(card).toHaveClass("privacy-panel");
    expect(card).toHaveAttribute("aria-busy", "true");
    expect(within(card!).getByRole("status")).toHaveTextContent("Loading…");
  });

  it("brings the parts that load apart: the ticket and the \"Your data\" card", async () => {
    mockFetch({ "GET /api/checkin/ticket": { status: 404, body: { message: "No ticket yet." } } });
    render(<DashboardPage {...props({ status: "confirmed" })} />);
    expect(await screen.findByText("No ticket yet.")).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Delete my account" })).toBeInTheDocument();
  });

  it("shows an open offer's deadline with a countdown that moves on", () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    vi.setSystemTime(new Date("2025-01-30T12:00:00Z"));
    render(<DashboardPage {...props({ status: "accepted", offerDeadline: "2025-01-31T12:30:00+00:00" })} />);
    const main = screen.getByRole("region", { name: "Congratulations, You Have Been Accepted!" });
    const deadline = within(main).getByRole("status");
    expect(deadline).toHaveTextContent("Please answer by January 31, 2025 at 12:30 PM UTC");
    expect(deadline).toHaveTextContent("1 day left");
    act(() => {
      vi.advanceTimersByTime(24 * 60 * 60 * 1000);
    });
    expect(deadline).toHaveTextContent("30 minutes left");
  });

  it("says kindly that an offer expired, with no form to answer", () => {
    render(<DashboardPage {...props({ status: "expired" })} />);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Your Offer Has Expired");
    expect(screen.getByText(/sorry we couldn't keep it longer/)).toBeInTheDocument();
    expect(screen.queryByRole("radiogroup")).not.toBeInTheDocument();
    const main = screen.getByRole("region", { name: "Your Offer Has Expired" });
    expect(within(main).queryByRole("status")).not.toBeInTheDocument();
  });

  it("shows Your Info, the capitalised status and the team code when there is one", () => {
    render(<DashboardPage {...props({ status: "waitlist_confirmed", teamcode: "4815162" })} />);
    const info = screen.getByRole("complementary");
    expect(within(info).getByText("Your Info")).toBeInTheDocument();
    expect(within(info).getByText("ada@princeton.edu")).toBeInTheDocument();
    expect(within(info).getByText("Waitlist confirmed")).toBeInTheDocument();
    expect(within(info).getByText("Team Code")).toBeInTheDocument();
    expect(within(info).getByText("4815162")).toBeInTheDocument();
  });

  it("leaves out the team code when there is none", () => {
    render(<DashboardPage {...props()} />);
    expect(screen.queryByText("Team Code")).not.toBeInTheDocument();
  });

  it.each([
    [true, true, ["Housing Accommodation Form", "11:59 PM on February 14, 2025", "$100"], []],
    [true, false, ["$100", "unable to provide housing"], ["Housing Accommodation Form"]],
    [false, true, ["Housing Accommodation Form", "unable to reimburse travel"], ["$100"]],
    [false, false, ["unable to provide travel reimbursement or housing"], ["$100", "Housing Accommodation Form"]],
  ])("confirmation details for travel=%s housing=%s", (travel, housing, present, absent) => {
    render(<DashboardPage {...props({ status: "accepted", travelReimbursement: travel, housingAccommodations: housing })} />);
    const block = screen.getByRole("region", { name: "Confirmation Details" });
    for (const text of present) expect(block).toHaveTextContent(text);
    for (const text of absent) expect(block).not.toHaveTextContent(text);
    expect(block).toHaveTextContent("By confirming your acceptance below, you acknowledge the information above.");
    if (housing) {
      expect(within(block).getByRole("link", { name: "Housing Accommodation Form" })).toHaveAttribute(
        "href",
        "https://forms.example.org/housing",
      );
    }
  });

  it("says the travel grant's amount, not the spec's $100, when one stands", () => {
    const grant = { amount: "350.00", currency: "EUR" };
    render(<DashboardPage {...props({ status: "accepted", travelReimbursement: true, travelGrant: grant })} />);
    const block = screen.getByRole("region", { name: "Confirmation Details" });
    expect(block).toHaveTextContent("We will reimburse your travel up to 350.00 EUR through a peer-to-peer payment service.");
    expect(block).not.toHaveTextContent("$100");
  });

  it("a confirmed applicant sees the details without the acknowledgement line", () => {
    render(<DashboardPage {...props({ status: "confirmed", travelReimbursement: true })} />);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("You're All Set!");
    const block = screen.getByRole("region", { name: "Confirmation Details" });
    expect(block).not.toHaveTextContent("acknowledge");
  });

  it("marks the tracker steps complete or not for assistive technology", () => {
    render(<DashboardPage {...props({ status: "confirmed" })} />);
    const steps = within(screen.getByRole("list", { name: "Application progress" })).getAllByRole("listitem");
    expect(steps.map((s) => s.textContent)).toEqual([
      "✓Apply (complete)",
      "✓Review (complete)",
      "✓Confirm (complete)",
      "Attend (not yet)",
    ]);
  });

  it.each([
    ["unsubmitted", "Launch Application"],
    ["started", "Launch Application"],
    ["submitted", "Edit Application"],
  ] as const)("while open, %s links to /apply as '%s'", (status, label) => {
    render(<DashboardPage {...props({ status, cycleStatus: "open" })} />);
    expect(screen.getByRole("link", { name: label })).toHaveAttribute("href", "/apply");
  });

  it("the attendance form preselects no answer, asks for one, then confirms and reloads", async () => {
    const { apiCalls } = mockFetch({ "POST /api/applications/confirm": { body: { status: "confirmed" } } });
    const onAnswered = vi.fn();
    render(<DashboardPage {...props({ status: "accepted", onAnswered })} />);
    const group = screen.getByRole("group", { name: "Will you attend?" });
    expect(within(group).getByRole("radio", { name: "Yes, I'm looking forward to it!" })).not.toBeChecked();
    expect(within(group).getByRole("radio", { name: "No, unfortunately I can no longer attend." })).not.toBeChecked();
    // Submitting without an answer sends nothing and says what is missing.
    await userEvent.click(screen.getByRole("button", { name: "Submit" }));
    expect(screen.getByRole("alert")).toHaveTextContent(CHOOSE_FIRST);
    expect(apiCalls()).toEqual([]);
    await userEvent.click(within(group).getByRole("radio", { name: "Yes, I'm looking forward to it!" }));
    expect(screen.queryByText(CHOOSE_FIRST)).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Submit" }));
    expect(apiCalls().map((c) => `${c.method} ${c.path}`)).toEqual(["POST /api/applications/confirm"]);
    expect(onAnswered).toHaveBeenCalledTimes(1);
  });

  it("choosing no on the attendance form declines", async () => {
    const { apiCalls } = mockFetch({ "POST /api/applications/decline": { body: { status: "declined" } } });
    const onAnswered = vi.fn();
    render(<DashboardPage {...props({ status: "waitlist_accepted", cycleStatus: "waitlist_closed", onAnswered })} />);
    await userEvent.click(screen.getByRole("radio", { name: "No, unfortunately I can no longer attend." }));
    await userEvent.click(screen.getByRole("button", { name: "Submit" }));
    // Giving up a place is asked first; nothing is sent until it is confirmed.
    const dialog = screen.getByRole("alertdialog", { name: "Give up your place?" });
    expect(apiCalls()).toEqual([]);
    await userEvent.click(within(dialog).getByRole("button", { name: "Yes, decline my place" }));
    expect(apiCalls().map((c) => c.path)).toEqual(["/api/applications/decline"]);
    expect(onAnswered).toHaveBeenCalledTimes(1);
  });

  it("keeping the place in the decline dialog sends nothing", async () => {
    const { apiCalls } = mockFetch({});
    const onAnswered = vi.fn();
    render(<DashboardPage {...props({ status: "accepted", onAnswered })} />);
    await userEvent.click(screen.getByRole("radio", { name: "No, unfortunately I can no longer attend." }));
    await userEvent.click(screen.getByRole("button", { name: "Submit" }));
    await userEvent.click(screen.getByRole("button", { name: "Keep my place" }));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Submit" }));
    await userEvent.keyboard("{Escape}");
    expect(apiCalls()).toEqual([]);
    expect(onAnswered).not.toHaveBeenCalled();
  });

  it("the waitlist form preselects no answer and sends confirm-waitlist once joining is chosen", async () => {
    const { apiCalls } = mockFetch({ "POST /api/applications/confirm-waitlist": { body: { status: "waitlist_confirmed" } } });
    const onAnswered = vi.fn();
    render(<DashboardPage {...props({ status: "waitlisted", onAnswered })} />);
    const join = screen.getByRole("radio", { name: "Yes, I would like to be on the waitlist." });
    expect(join).not.toBeChecked();
    await userEvent.click(join);
    await userEvent.click(screen.getByRole("button", { name: "Submit" }));
    expect(apiCalls().map((c) => c.path)).toEqual(["/api/applications/confirm-waitlist"]);
    expect(apiCalls()[0].headers["X-CSRFToken"]).toBeDefined();
    expect(onAnswered).toHaveBeenCalledTimes(1);
  });

  it("choosing no on the waitlist form declines", async () => {
    const { apiCalls } = mockFetch({ "POST /api/applications/decline": { body: { status: "declined" } } });
    render(<DashboardPage {...props({ status: "waitlisted", cycleStatus: "confirmation_closed" })} />);
    await userEvent.click(screen.getByRole("radio", { name: "No, I would not like to be on the waitlist." }));
    await userEvent.click(screen.getByRole("button", { name: "Submit" }));
    await userEvent.click(screen.getByRole("button", { name: "Yes, leave the waitlist" }));
    expect(apiCalls().map((c) => c.path)).toEqual(["/api/applications/decline"]);
  });

  it("a refused answer shows the server's reason and does not reload", async () => {
    mockFetch({
      "POST /api/applications/confirm": {
        status: 409,
        body: { message: "The confirmation window has closed, so your attendance can no longer be confirmed." },
      },
    });
    const onAnswered = vi.fn();
    render(<DashboardPage {...props({ status: "accepted", onAnswered })} />);
    await userEvent.click(screen.getByRole("radio", { name: "Yes, I'm looking forward to it!" }));
    await userEvent.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The confirmation window has closed");
    expect(onAnswered).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Submit" })).toBeEnabled();
  });

  describe("giving up a confirmed spot", () => {
    const TICKET = { status: 404, body: { message: "You have no ticket yet: it comes with your confirmation." } };
    beforeEach(() => {
      // Only the clock's date moves (the day before the event's start); timers stay real.
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(new Date("2025-03-06T12:00:00Z"));
    });

    it("asks first, saying what happens, then declines and reloads", async () => {
      const { apiCalls } = mockFetch({
        "GET /api/checkin/ticket": TICKET,
        "POST /api/applications/decline": { body: { status: "declined" } },
      });
      const onAnswered = vi.fn();
      render(<DashboardPage {...props({ status: "confirmed", onAnswered })} />);
      await userEvent.click(screen.getByRole("button", { name: "I can't come anymore" }));
      const dialog = screen.getByRole("alertdialog", { name: "Give up your spot?" });
      expect(dialog).toHaveTextContent("offered to someone else");
      expect(dialog).toHaveTextContent("ticket stops working");
      expect(dialog).toHaveTextContent("email you");
      expect(apiCalls().filter((c) => c.method === "POST")).toEqual([]);
      await userEvent.click(within(dialog).getByRole("button", { name: "Yes, give up my spot" }));
      expect(apiCalls().filter((c) => c.method === "POST").map((c) => c.path)).toEqual(["/api/applications/decline"]);
      expect(onAnswered).toHaveBeenCalledTimes(1);
    });

    it("keeping the spot sends nothing", async () => {
      const { apiCalls } = mockFetch({ "GET /api/checkin/ticket": TICKET });
      render(<DashboardPage {...props({ status: "confirmed" })} />);
      await userEvent.click(screen.getByRole("button", { name: "I can't come anymore" }));
      await userEvent.click(screen.getByRole("button", { name: "Keep my spot" }));
      expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
      expect(apiCalls().filter((c) => c.method === "POST")).toEqual([]);
    });

    it("a refusal shows the server's reason", async () => {
      mockFetch({
        "GET /api/checkin/ticket": TICKET,
        "POST /api/applications/decline": {
          status: 409,
          body: { message: "The event has started, so your spot can no longer be given up." },
        },
      });
      const onAnswered = vi.fn();
      render(<DashboardPage {...props({ status: "confirmed", onAnswered })} />);
      await userEvent.click(screen.getByRole("button", { name: "I can't come anymore" }));
      await userEvent.click(screen.getByRole("button", { name: "Yes, give up my spot" }));
      expect(await screen.findByText("The event has started, so your spot can no longer be given up.")).toBeInTheDocument();
      expect(onAnswered).not.toHaveBeenCalled();
    });

    it("is not offered from the start date on", () => {
      vi.setSystemTime(new Date("2025-03-07T00:30:00Z"));
      mockFetch({ "GET /api/checkin/ticket": TICKET });
      render(<DashboardPage {...props({ status: "confirmed" })} />);
      expect(screen.queryByRole("button", { name: "I can't come anymore" })).not.toBeInTheDocument();
    });
  });

  it("shows no forms outside their windows", () => {
    render(<DashboardPage {...props({ status: "accepted", cycleStatus: "confirmation_closed" })} />);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Unfortunately the Confirmation Date has Passed");
    // The status card holds no form (the "Your data" card below keeps its own buttons).
    const main = screen.getByRole("region", { name: /Unfortunately the Confirmation Date has Passed/ });
    expect(within(main).queryByRole("radio")).not.toBeInTheDocument();
    expect(within(main).queryByRole("button")).not.toBeInTheDocument();
  });

  it("throws 200 pieces of confetti for 2 seconds when accepted and released", () => {
    vi.useFakeTimers();
    const { container } = render(<DashboardPage {...props({ status: "accepted" })} />);
    const canvas = container.querySelector("canvas.confetti");
    expect(canvas).toHaveAttribute("data-pieces", "200");
    expect(canvas).toHaveAttribute("aria-hidden", "true");
    act(() => vi.advanceTimersByTime(1999));
    expect(container.querySelector("canvas.confetti")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(container.querySelector("canvas.confetti")).not.toBeInTheDocument();
  });

  it("throws no confetti for people who prefer reduced motion", () => {
    setReducedMotion(true);
    const { container } = render(<DashboardPage {...props({ status: "confirmed" })} />);
    expect(container.querySelector("canvas.confetti")).not.toBeInTheDocument();
  });

  it("throws no confetti once confirmations have closed", () => {
    const { container } = render(<DashboardPage {...props({ status: "waitlist_accepted", cycleStatus: "confirmation_closed" })} />);
    expect(container.querySelector("canvas.confetti")).not.toBeInTheDocument();
  });
});

describe("DashboardPage: an account that may not apply yet", () => {
  it("says why and links to where a university address is added", () => {
    render(
      <DashboardPage
        {...props({
          email: "ada.lovelace@gmail.com",
          status: "unsubmitted",
          cycleStatus: "open",
          universityEmailNeeded: "Applying needs a verified university email address, and ada.lovelace@gmail.com is not one.",
        })}
      />,
    );
    expect(screen.getByText(/ada.lovelace@gmail.com is not one/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Add your university email" })).toHaveAttribute("href", "/account/sign-in");
  });

  it("says nothing of it to a student", () => {
    render(<DashboardPage {...props({ universityEmailNeeded: null })} />);
    expect(screen.queryByRole("link", { name: "Add your university email" })).not.toBeInTheDocument();
  });
});
