import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { integrationsApi } from "../../api/integrations";
import { ApiError } from "../../lib/api";
import { CalendarFeed } from "./calendar-feed";
import { renderWithQuery } from "../../lib/test-utils";

afterEach(() => vi.restoreAllMocks());

describe("CalendarFeed", () => {
  it("asks for the address only when wanted, shows it labelled, and renews it", async () => {
    const get = vi.spyOn(integrationsApi, "calendarFeed").mockResolvedValue({ url: "https://portal.example/calendar/a.ics" });
    vi.spyOn(integrationsApi, "renewCalendarFeed").mockResolvedValue({ url: "https://portal.example/calendar/b.ics" });
    const user = userEvent.setup();
    renderWithQuery(<CalendarFeed />);
    expect(get).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Subscribe in your calendar" }));
    expect(await screen.findByLabelText("Your private calendar feed")).toHaveValue("https://portal.example/calendar/a.ics");
    await user.click(screen.getByRole("button", { name: "Make a new address" }));
    expect(await screen.findByText("A new address is above; the old one no longer works.")).toBeInTheDocument();
    expect(screen.getByLabelText("Your private calendar feed")).toHaveValue("https://portal.example/calendar/b.ics");
  });

  it("says so when there is no feed to give", async () => {
    vi.spyOn(integrationsApi, "calendarFeed").mockRejectedValue(
      new ApiError(404, { message: "You have no ticket yet: it comes with your confirmation." }),
    );
    const user = userEvent.setup();
    renderWithQuery(<CalendarFeed />);
    await user.click(screen.getByRole("button", { name: "Subscribe in your calendar" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("You have no ticket yet");
  });
});
