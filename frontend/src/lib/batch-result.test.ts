import { describe, expect, it } from "vitest";
import { decisionResultView, overrideConfirmation, reasonsText, sentencesText } from "./batch-result";

const confirmed = { email: "cy@princeton.edu", reason: "already confirmed" };
const declined = { email: "di@princeton.edu", reason: "already declined" };
const missing = { email: "nobody@princeton.edu", reason: "No application for this email." };

describe("a batch decision's result", () => {
  it.each([
    // A confirmed applicant rejected without Override: never a green "0 of 1 decided" alone.
    [
      { approved: [], failed: [], skipped: [confirmed] },
      "Rejected",
      1,
      {
        kind: "error",
        summary: "Rejected: 0 of 1 applicant decided. 1 applicant skipped (1 already confirmed). Override decides it anyway.",
        doneTitle: "Rejected",
        overridable: [confirmed],
      },
    ],
    [
      { approved: ["a@x.edu", "b@x.edu"], failed: [], skipped: [] },
      "Waitlisted",
      2,
      { kind: "success", summary: "Waitlisted: 2 of 2 applicants decided.", doneTitle: "Waitlisted", overridable: [] },
    ],
    [
      { approved: ["a@x.edu"], failed: [missing], skipped: [confirmed, declined] },
      "Accepted",
      4,
      {
        kind: "info",
        summary:
          "Accepted: 1 of 4 applicants decided. 2 applicants skipped (1 already confirmed, 1 already declined). " +
          "Override decides them anyway. 1 applicant not decided: No application for this email.",
        doneTitle: "Accepted",
        overridable: [confirmed, declined],
      },
    ],
    // The assignment's result has no `skipped`.
    [
      { approved: ["a@x.edu"], failed: [] },
      "Waitlist accepted",
      1,
      { kind: "success", summary: "Waitlist accepted: 1 of 1 applicant decided.", doneTitle: "Waitlist accepted", overridable: [] },
    ],
  ])("%o as %s of %i", (result, label, requested, view) => {
    expect(decisionResultView(result, label, requested)).toEqual(view);
  });

  it("is never headed 'Approved': the decided list carries the decision", () => {
    expect(decisionResultView({ approved: ["a@x.edu"], failed: [] }, "Waitlisted", 1).doneTitle).toBe("Waitlisted");
  });

  it("says when Override was used", () => {
    expect(decisionResultView({ approved: [confirmed.email], failed: [], skipped: [] }, "Rejected", 1, true).summary).toBe(
      "Rejected with Override: 1 of 1 applicant decided.",
    );
  });

  it("counts each reason once", () => {
    expect(reasonsText([confirmed, { ...confirmed, email: "z@x.edu" }, declined])).toBe("2 already confirmed, 1 already declined");
  });

  it("gives the server's sentences each once, without their full stops, counted when more than one", () => {
    const draft = { email: "d@x.edu", reason: "Not submitted yet." };
    expect(sentencesText([missing, draft, { ...draft, email: "e@x.edu" }])).toBe("No application for this email; Not submitted yet (×2)");
  });
});

describe("the Override confirmation", () => {
  it.each([
    [
      [confirmed],
      "Rejected",
      {
        title: "Overwrite an applicant's answer?",
        body: "This sets 1 applicant to “Rejected”, overwriting 1 confirmation of attendance. Each change is recorded in the applicant's history.",
        confirmLabel: "Override and set 1 applicant to Rejected",
      },
    ],
    [
      [confirmed, declined, { ...declined, email: "e@x.edu" }],
      "Waitlisted",
      {
        title: "Overwrite applicants' answers?",
        body: "This sets 3 applicants to “Waitlisted”, overwriting 1 confirmation of attendance and 2 declines of an offer. Each change is recorded in the applicant's history.",
        confirmLabel: "Override and set 3 applicants to Waitlisted",
      },
    ],
    [
      [confirmed, { email: "c@x.edu", reason: "ya ha entrado", code: "already checked in" }, declined],
      "Rejected",
      {
        title: "Overwrite applicants' answers?",
        body: "This sets 3 applicants to “Rejected”, overwriting 1 confirmation of attendance, 1 decline of an offer, and 1 check-in. Each change is recorded in the applicant's history.",
        confirmLabel: "Override and set 3 applicants to Rejected",
      },
    ],
  ])("%o → %s", (overridable, label, words) => {
    expect(overrideConfirmation(overridable, label)).toEqual(words);
  });
});
