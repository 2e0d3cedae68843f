import { describe, expect, it } from "vitest";
import type { QuestionSection } from "../../api/applications";
import { ApiError } from "../../lib/api";
import { failureText } from "./form-submit";

// Only question_id is read here: the known keys are the form's fields and questions.
const sections = [{ section_name: "About you", questions: [{ question_id: "q1" }] }] as unknown as QuestionSection[];

describe("failureText", () => {
  it.each<[string, "submit" | "save", unknown, string]>([
    ["a network error", "submit", new TypeError("Failed to fetch"), "Error submitting application"],
    ["a save that failed", "save", new TypeError("Failed to fetch"), "Error saving application"],
    [
      "a refusal without field errors says why",
      "submit",
      new ApiError(403, { message: "Applications are closed." }),
      "Error submitting application: Applications are closed.",
    ],
    [
      "a 400's message is the field errors' summary: not repeated",
      "submit",
      new ApiError(400, { message: "Please fix the highlighted fields." }),
      "Error submitting application",
    ],
    [
      "field errors beside their fields stay out of the banner",
      "submit",
      new ApiError(400, { message: "x", errors: { first: ["Enter your name."], q1: ["Answer this."] } }),
      "Error submitting application",
    ],
    [
      "an error on a key the form does not show joins the banner",
      "save",
      new ApiError(400, { message: "x", errors: { q9: ["Unknown question."] } }),
      "Error saving application Unknown question.",
    ],
  ])("%s", (_, kind, err, text) => {
    expect(failureText(kind, err, sections)).toBe(text);
  });
});
