import { describe, expect, it } from "vitest";
import { apiUrl, urls } from "./urls";

describe("API addresses", () => {
  it("fills a schema path's placeholders, each URL-encoded", () => {
    expect(urls.applicationOf("a+b@princeton.edu")).toBe("/api/applications/a%2Bb%40princeton.edu");
    expect(urls.whitelistPattern("*@cs.example.edu")).toBe("/api/applications/whitelistpattern/*%40cs.example.edu");
    expect(urls.applicationIndex("grace@princeton.edu", 3)).toBe(
      "/api/applications/application-index/grace%40princeton.edu/3",
    );
    expect(urls.changeReviewStatus("g@x.edu", "a/b@y.edu", "complete")).toBe(
      "/api/applications/change-review-status/g%40x.edu/a%2Fb%40y.edu/complete",
    );
    expect(urls.mailing(7)).toBe("/api/mailings/7");
  });

  it("leaves a path without placeholders as it is", () => {
    expect(urls.application).toBe("/api/applications/application");
    expect(apiUrl("/api/auth/login")).toBe("/api/auth/login");
  });

  it("accepts only the schema's paths and their placeholders (checked by tsc)", () => {
    // @ts-expect-error A path the OpenAPI schema doesn't have.
    expect(() => apiUrl("/api/applications/nope")).not.toThrow();
    // @ts-expect-error A path with a placeholder needs its value.
    expect(() => apiUrl("/api/applications/{email}")).toThrow(/no value for \{email\}/);
    // @ts-expect-error The placeholder is {email}, not {address}.
    expect(() => apiUrl("/api/applications/{email}", { address: "a@b.edu" })).toThrow();
  });
});
