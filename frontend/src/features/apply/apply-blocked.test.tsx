import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ApplyBlocked } from "./apply-blocked";

describe("ApplyBlocked", () => {
  it("says why the account may not apply and links to where the address is added", () => {
    render(<ApplyBlocked message="Applying needs a verified university email address." href="/account/sign-in" label="Add your university email" />);
    expect(screen.getByRole("heading", { name: "Apply" })).toBeInTheDocument();
    expect(screen.getByText("Applying needs a verified university email address.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Add your university email" })).toHaveAttribute("href", "/account/sign-in");
  });
});
