import { render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { setConfig, type PortalConfig } from "../lib/config";
import { SocialSignIn } from "./social-sign-in";

const github = { id: "github", name: "GitHub", login_url: "/accounts/github/login/" };
const mymlh = { id: "mymlh", name: "MyMLH", login_url: "/accounts/mymlh/login/" };

beforeEach(() => setConfig({ csrfToken: "page-token" } as PortalConfig));

describe("SocialSignIn", () => {
  it("shows nothing when no provider is configured and nothing went wrong", () => {
    const { container } = render(<SocialSignIn providers={[]} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("posts each configured provider's sign-in with the CSRF token", () => {
    render(<SocialSignIn providers={[mymlh, github]} />);
    const buttons = screen.getAllByRole("button");
    expect(buttons.map((b) => b.textContent)).toEqual(["Continue with MyMLH", "Continue with GitHub"]);
    const form = buttons[1].closest("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe("/accounts/github/login/");
    const fields = Object.fromEntries(new FormData(form).entries());
    expect(fields).toEqual({ csrfmiddlewaretoken: "page-token", process: "login" });
    expect(screen.getByText(/Applying needs a university email/)).toBeInTheDocument();
  });

  it("says why a provider's sign-in was sent back, even with the providers switched off since", () => {
    render(<SocialSignIn providers={[]} error="Sign-in with MyMLH was cancelled." />);
    expect(screen.getByRole("alert")).toHaveTextContent("Not signed in. Sign-in with MyMLH was cancelled.");
    expect(screen.queryByRole("button")).toBeNull();
  });
});
