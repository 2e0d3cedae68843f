import { describe, expect, it } from "vitest";
import cases from "./email-cases.json";
import { extractEmails, isEmail } from "./emails";

// The same table apps/core/tests/test_email_cases_shared.py runs against the server's extractor.
describe("extractEmails (the server's cases)", () => {
  it.each(cases.extract.map((c) => [c.text, c.emails] as const))("%j yields %j", (text, emails) => {
    expect(extractEmails(text)).toEqual(emails);
  });
});

describe("isEmail (the server's cases)", () => {
  it.each(cases.is_email.map((c) => [c.value, c.valid] as const))("%j is an address: %s", (value, valid) => {
    expect(isEmail(value)).toBe(valid);
  });
});

describe("extractEmails on hostile text", () => {
  it.each(["a@" + "a".repeat(200_000), "a".repeat(200_000), "a@b.".repeat(50_000), "a@" + "a-".repeat(100_000), ".".repeat(200_000)])(
    "returns quickly for a %#th long paste",
    (text) => {
      const start = performance.now();
      extractEmails(text);
      expect(performance.now() - start).toBeLessThan(2000);
    },
  );
});
