import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setConfig, type PortalConfig } from "../../lib/config";
import { mockFetch } from "../../lib/fetch-mock";
import { VerifyStatus } from "./verify-status";
import { renderWithQuery } from "../../lib/test-utils";

afterEach(() => {
  vi.unstubAllGlobals();
  setConfig(null);
});

describe("VerifyStatus", () => {
  it("shows a loader while the link is checked", async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    mockFetch({ "GET /api/auth/verify/tok": () => new Promise((resolve) => (answer = resolve)) });
    renderWithQuery(<VerifyStatus token="tok" />);
    expect(screen.getByRole("status")).toHaveTextContent("Verifying your email…");
    expect(screen.queryByRole("heading")).not.toBeInTheDocument();
    answer({ body: { message: "Verified." } });
    expect(await screen.findByRole("heading", { name: "Account Created!" })).toBeInTheDocument();
  });

  it("on success says 'Account Created!' and 'Please login and apply!'", async () => {
    const { apiCalls } = mockFetch({ "GET /api/auth/verify/Mw%3A1tok%3Aabc": { body: { message: "Verified." } } });
    renderWithQuery(<VerifyStatus token="Mw:1tok:abc" />);
    expect(await screen.findByRole("heading", { name: "Account Created!" })).toBeInTheDocument();
    expect(screen.getByText("Please login and apply!")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to Login" })).toHaveAttribute("href", "/login");
    expect(apiCalls()[0].url).toBe("/api/auth/verify/Mw%3A1tok%3Aabc");
  });

  it("for a university address added to an account, says it can apply now", async () => {
    mockFetch({
      "GET /api/auth/verify/added": { body: { message: "Verified.", already_verified: false, address_added: true } },
    });
    renderWithQuery(<VerifyStatus token="added" />);
    expect(await screen.findByRole("heading", { name: "University email verified" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to your application" })).toHaveAttribute("href", "/apply");
  });

  it.each([
    ["an invalid or expired link (400)", 400],
    ["an unknown link (404)", 404],
  ])("shows 'Invalid URL' with the explanation for %s", async (_why, status) => {
    mockFetch({ "GET /api/auth/verify/bad": { status, body: { message: "Invalid link." } } });
    renderWithQuery(<VerifyStatus token="bad" />);
    expect(await screen.findByRole("heading", { name: "Invalid URL" })).toBeInTheDocument();
    expect(screen.getByText(/expire roughly 1 hour after/)).toBeInTheDocument();
    expect(screen.getByText(/Please register again to get a fresh link\. If problems persist/)).toBeInTheDocument();
    expect(screen.getByText(/contact the team/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Register again" })).toHaveAttribute("href", "/register");
  });

  it("links 'contact the team' to the configured contact address", async () => {
    setConfig({ event: { contactEmail: "team@hack.example" } } as PortalConfig);
    mockFetch({ "GET /api/auth/verify/bad": { status: 400, body: {} } });
    renderWithQuery(<VerifyStatus token="bad" />);
    expect(await screen.findByRole("link", { name: "contact the team" })).toHaveAttribute(
      "href",
      "mailto:team@hack.example",
    );
  });
});
