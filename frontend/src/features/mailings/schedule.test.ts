import { describe, expect, it } from "vitest";
import { audienceOption, previewLanguage, previewWhom, recipientsText } from "./schedule";

describe("batch email wording", () => {
  it.each([
    ["Accepted", undefined, "Accepted"],
    ["Accepted", 0, "Accepted (0)"],
    ["Accepted", 41, "Accepted (41)"],
  ])("audienceOption(%s, %s) is %s", (label, count, text) => {
    expect(audienceOption(label, count)).toBe(text);
  });

  it.each([
    [0, "0 recipients"],
    [1, "1 recipient"],
    [2, "2 recipients"],
  ])("recipientsText(%i) is %s", (count, text) => {
    expect(recipientsText(count)).toBe(text);
  });

  it.each([
    [null, 0, "Nobody is in this audience yet: the preview uses sample values."],
    [
      { index: 0, email: "ada@princeton.edu", first_name: "Ada", last_name: "Lovelace" },
      3,
      "As Ada Lovelace <ada@princeton.edu> will get it (recipient 1 of 3).",
    ],
    [
      { index: 4, email: "x@y.edu", first_name: "", last_name: "" },
      5,
      "As x@y.edu will get it (recipient 5 of 5).",
    ],
  ])("previewWhom(%j, %i)", (recipient, count, text) => {
    expect(previewWhom(recipient, count)).toBe(text);
  });
});

describe("which language's version the preview shows", () => {
  const languages = [{ code: "es", name: "Español" }];
  const ana = { email: "ana@princeton.edu" };
  it.each([
    [{ language: "es", version: "es", recipient: ana }, "ana@princeton.edu reads Español: this is the Español version."],
    [
      { language: "es", version: "", recipient: ana },
      "ana@princeton.edu reads Español, which has no version here: they get the first message, its footer in Español.",
    ],
    [{ language: "en", version: "", recipient: ana }, null],
    [{ language: "en", version: "", recipient: null }, null],
  ])("previewLanguage(%j)", (preview, text) => {
    expect(previewLanguage(preview, languages)).toBe(text);
  });
});

describe("the audiences offered", () => {
  it("lists every status, the accounts that never started and a custom list; the table's filter only from the table", async () => {
    const { offeredAudiences } = await import("./schedule");
    const plain = offeredAudiences(false).map((a) => a.value);
    for (const value of ["confirmed", "waitlist_confirmed", "checked_in", "declined", "never_started", "custom"]) {
      expect(plain).toContain(value);
    }
    expect(plain).not.toContain("filter");
    expect(offeredAudiences(true).map((a) => a.value)).toContain("filter");
  });

  it.each([
    ["", { audience: "submitted", filters: "" }],
    ["?audience=never_started", { audience: "never_started", filters: "" }],
    ["?audience=filter&filters=selection%3Dconfirmed", { audience: "filter", filters: "selection=confirmed" }],
    // The table's filter with no filter to use, or a name nobody offers: the default.
    ["?audience=filter", { audience: "submitted", filters: "" }],
    ["?audience=everyone", { audience: "submitted", filters: "" }],
  ])("starts from the address %s", async (search, expected) => {
    const { initialAudience } = await import("./schedule");
    expect(initialAudience(search)).toEqual(expected);
  });
});
