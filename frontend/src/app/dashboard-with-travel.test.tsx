// The travel card's place on the dashboard while its code loads: the card, titled, with a
// spinner, for a status that shows the card; nothing for one that shows none.
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TravelCardLoading } from "./dashboard-with-travel";

describe("TravelCardLoading", () => {
  it.each([
    ["submitted", true],
    ["waitlisted", true],
    ["accepted", true],
    ["confirmed", true],
    ["checked_in", true],
    ["started", false],
    ["rejected", false],
    ["declined", false],
  ])("for a %s application, a card in the travel card's place: %s", (status, shown) => {
    const { container } = render(<TravelCardLoading status={status} />);
    if (!shown) {
      expect(container).toBeEmptyDOMElement();
      return;
    }
    const card = container.querySelector("section.card.travel-card");
    expect(card).not.toBeNull();
    expect(card).toHaveAttribute("aria-busy", "true");
    expect(screen.getByRole("heading", { level: 2, name: "Travel support" })).toHaveClass("travel-card__title");
    // The spinner is inside the card, not beside it.
    expect(card).toContainElement(screen.getByRole("status"));
    expect(screen.getByRole("status")).toHaveTextContent("Loading travel support…");
  });
});
