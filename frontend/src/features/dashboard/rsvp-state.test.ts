import { describe, expect, it } from "vitest";
import type { QuestionSection } from "../../api/applications";
import { QUESTION_REQUIRED, asksRsvp, firstErrorField, rsvpBody, rsvpErrors, rsvpInitial } from "./rsvp-state";

type Q = QuestionSection["questions"][number];
const q = (question_id: string, question_type: Q["question_type"], extra: Partial<Q> = {}): Q => ({
  question_id,
  question_text: question_id,
  question_type,
  options: [],
  required: true,
  help_text: "",
  reviewer_visible: false,
  ...extra,
});

const SET: QuestionSection[] = [
  {
    section_name: "Before the event",
    conditional_on: null,
    questions: [
      q("rsvp_phone", "short_answer"),
      q("rsvp_dietary", "multiselect", { options: ["None", "Vegan", "Halal"], required: false }),
      q("rsvp_tshirt", "multiple_choice", { options: ["S", "M", "L"], required: false }),
      q("rsvp_travel_needed", "boolean", { required: false }),
    ],
  },
  {
    section_name: "Travel",
    conditional_on: "rsvp_travel_needed",
    questions: [q("rsvp_arrival", "short_answer")],
  },
];

describe("rsvpInitial", () => {
  it.each([
    ["nothing stored", {}, { rsvp_phone: "", rsvp_dietary: [], rsvp_tshirt: "", rsvp_travel_needed: "", rsvp_arrival: "" }],
    [
      "stored answers decoded",
      { rsvp_phone: "555", rsvp_dietary: "Vegan,Halal", rsvp_tshirt: "M" },
      { rsvp_phone: "555", rsvp_dietary: ["Vegan", "Halal"], rsvp_tshirt: "M", rsvp_travel_needed: "", rsvp_arrival: "" },
    ],
  ])("%s", (_name, stored, expected) => {
    expect(rsvpInitial(SET, stored)).toEqual(expected);
  });
});

describe("rsvpErrors", () => {
  const base = rsvpInitial(SET, {});
  it.each([
    ["a required question left empty", base, { rsvp_phone: QUESTION_REQUIRED }],
    ["spaces are empty", { ...base, rsvp_phone: "   " }, { rsvp_phone: QUESTION_REQUIRED }],
    ["optional questions may stay empty", { ...base, rsvp_phone: "555" }, {}],
    ["an option not offered", { ...base, rsvp_phone: "555", rsvp_tshirt: "XXL" }, { rsvp_tshirt: "Choose one of the options." }],
    [
      "a required question in a section shown by a yes",
      { ...base, rsvp_phone: "555", rsvp_travel_needed: "yes" },
      { rsvp_arrival: QUESTION_REQUIRED },
    ],
    ["the same section hidden by a no", { ...base, rsvp_phone: "555", rsvp_travel_needed: "no" }, {}],
    ["too long", { ...base, rsvp_phone: "5".repeat(101) }, { rsvp_phone: expect.stringContaining("100") }],
  ])("%s", (_name, answers, expected) => {
    expect(rsvpErrors(SET, answers)).toEqual(expected);
  });
});

describe("rsvpBody", () => {
  it("encodes the answers of the sections shown, as the application does", () => {
    const answers = { ...rsvpInitial(SET, {}), rsvp_phone: " 555 ", rsvp_dietary: ["Halal", "Vegan"], rsvp_travel_needed: "no" };
    expect(rsvpBody(SET, { ...answers, rsvp_arrival: "Friday" })).toEqual({
      sections: [
        {
          section_name: "Before the event",
          answers: [
            { question_id: "rsvp_phone", answer: "555" },
            { question_id: "rsvp_dietary", answer: "Vegan,Halal" },
            { question_id: "rsvp_tshirt", answer: "" },
            { question_id: "rsvp_travel_needed", answer: "no" },
          ],
        },
      ],
    });
  });
});

describe("asksRsvp and firstErrorField", () => {
  it.each([
    [null, false],
    [[], false],
    [[{ section_name: "Empty", conditional_on: null, questions: [] }], false],
    [SET, true],
  ])("asksRsvp(%j) is %s", (sections, expected) => {
    expect(asksRsvp(sections as QuestionSection[] | null)).toBe(expected);
  });

  it("finds the first field with an error in the form's order", () => {
    expect(firstErrorField(SET, { rsvp_arrival: "x", rsvp_tshirt: "y" })).toBe("rsvp_tshirt");
    expect(firstErrorField(SET, {})).toBeNull();
  });
});
