import { describe, expect, it } from "vitest";
import type { QuestionSection as SectionDto } from "../../api/applications";
import {
  builderReducer,
  conditionChoices,
  fromDto,
  isValid,
  maxValueOf,
  problemsFromServer,
  reviewerVisibilityHint,
  slugFor,
  toDto,
  validate,
  type BuilderState,
} from "./builder-state";

// As the server sends it: every question with its required switch and help text.
const BARE_SET: SectionDto[] = [
  {
    section_name: "About you",
    conditional_on: null,
    questions: [
      { question_id: "age", question_text: "Age", question_type: "numeric", options: [] },
      { question_id: "travel", question_text: "Need travel?", question_type: "boolean", options: [] },
    ],
  },
  {
    section_name: "Travel",
    conditional_on: "travel",
    questions: [
      { question_id: "city", question_text: "From which city?", question_type: "short_answer", options: [] },
      { question_id: "mode", question_text: "How?", question_type: "multiple_choice", options: ["Bus", "Train"] },
    ],
  },
];

const SET: SectionDto[] = BARE_SET.map((section) => ({
  ...section,
  questions: section.questions.map((q) => ({ ...q, required: true, help_text: "" })),
}));

function apply(state: BuilderState, ...actions: Parameters<typeof builderReducer>[1][]): BuilderState {
  return actions.reduce(builderReducer, state);
}

describe("question builder state", () => {
  it("carries each question's blind-review switch, and leaves a new question's to the server", () => {
    const withSwitches: SectionDto[] = SET.map((section) => ({
      ...section,
      questions: section.questions.map((q) => ({ ...q, reviewer_visible: q.question_id !== "city" })),
    }));
    expect(toDto(fromDto(withSwitches))).toEqual(withSwitches);
    const state = apply(
      fromDto(withSwitches),
      { type: "setReviewerVisible", section: 1, question: 0, visible: true },
      { type: "setReviewerVisible", section: 0, question: 0, visible: false },
      { type: "addQuestion", section: 0 },
      { type: "setText", section: 0, question: 2, text: "Your website" },
    );
    const dto = toDto(state);
    expect(dto[1].questions[0].reviewer_visible).toBe(true);
    expect(dto[0].questions[0].reviewer_visible).toBe(false);
    expect(state.sections[0].questions[2].reviewerVisible).toBeNull();
    expect("reviewer_visible" in dto[0].questions[2]).toBe(false);
    // A set without the key: nothing is sent, so stored choices are kept.
    expect(toDto(fromDto(SET)).flatMap((s) => s.questions.map((q) => "reviewer_visible" in q))).not.toContain(true);
  });

  it.each([
    [null, /^Not chosen yet: when you confirm, links, age, location/],
    [true, /^Reviewers see this question/],
    [false, /^Hidden from reviewers while the cycle reviews blind/],
  ])("the switch's words for %s", (visible, words) => {
    expect(reviewerVisibilityHint(visible)).toMatch(words);
  });

  it("round-trips the server's set unchanged, conditional_on included", () => {
    expect(toDto(fromDto(SET))).toEqual(SET);
  });

  it("keeps existing question ids when text, type and order change", () => {
    const state = apply(
      fromDto(SET),
      { type: "setText", section: 0, question: 0, text: "How old are you?" },
      { type: "moveQuestion", section: 0, question: 0, by: 1 },
      { type: "moveSection", section: 1, by: -1 },
    );
    const dto = toDto(state);
    expect(dto.map((s) => s.section_name)).toEqual(["Travel", "About you"]);
    expect(dto[1].questions.map((q) => q.question_id)).toEqual(["travel", "age"]);
    expect(dto[1].questions[1].question_text).toBe("How old are you?");
    expect(dto[0].conditional_on).toBe("travel");
  });

  it("gives new questions unique slugs of their text", () => {
    const state = apply(
      fromDto(SET),
      { type: "addQuestion", section: 0 },
      { type: "setText", section: 0, question: 2, text: "  Favourite café? " },
      { type: "addQuestion", section: 0 },
      { type: "setText", section: 0, question: 3, text: "Favourite café!" },
      { type: "addQuestion", section: 0 },
      { type: "setText", section: 0, question: 4, text: "Age" },
    );
    const ids = toDto(state)[0].questions.map((q) => q.question_id);
    expect(ids).toEqual(["age", "travel", "favourite_cafe", "favourite_cafe_2", "age_2"]);
    expect(slugFor("2024 plans", new Set())).toBe("q_2024_plans");
    expect(slugFor("???", new Set())).toBe("question");
  });

  it("adds a section with one blank question, and removes sections and questions", () => {
    let state = apply(fromDto(SET), { type: "addSection" });
    expect(state.sections).toHaveLength(3);
    expect(state.sections[2].questions).toHaveLength(1);
    state = apply(state, { type: "removeQuestion", section: 1, question: 0 }, { type: "removeSection", section: 2 });
    expect(toDto(state).map((s) => s.questions.map((q) => q.question_id))).toEqual([["age", "travel"], ["mode"]]);
  });

  it("edits options only for choice types, dropping blanks on save", () => {
    let state = apply(
      fromDto(SET),
      { type: "addOption", section: 1, question: 1 },
      { type: "setOption", section: 1, question: 1, option: 2, value: " Bike " },
      { type: "moveOption", section: 1, question: 1, option: 2, by: -1 },
      { type: "removeOption", section: 1, question: 1, option: 0 },
      { type: "addOption", section: 1, question: 1 },
    );
    expect(toDto(state)[1].questions[1].options).toEqual(["Bike", "Train"]);
    state = apply(state, { type: "setType", section: 0, question: 0, questionType: "multiselect" });
    expect(state.sections[0].questions[0].options).toEqual([""]);
    state = apply(state, { type: "setType", section: 1, question: 1, questionType: "long_answer" });
    expect(toDto(state)[1].questions[1].options).toEqual([]);
  });

  it("drops a section's condition when its yes/no question goes away or changes type", () => {
    const removed = apply(fromDto(SET), { type: "removeQuestion", section: 0, question: 1 });
    expect(toDto(removed)[1].conditional_on).toBeNull();
    const retyped = apply(fromDto(SET), { type: "setType", section: 0, question: 1, questionType: "short_answer" });
    expect(toDto(retyped)[1].conditional_on).toBeNull();
  });

  it("offers only yes/no questions of earlier sections as conditions", () => {
    const state = fromDto(SET);
    expect(conditionChoices(state, 1).map((c) => c.label)).toEqual(["Need travel?"]);
    expect(conditionChoices(state, 0)).toEqual([]);
  });

  it("flags a section whose condition ends up below it after a reorder", () => {
    const state = apply(fromDto(SET), { type: "moveSection", section: 1, by: -1 });
    expect(validate(state).sections[state.sections[0].key]).toMatch(/earlier section/);
  });

  it("places the server's positional errors on the matching section and question", () => {
    const state = fromDto(SET);
    const problems = problemsFromServer(state, {
      "sections.1.questions.1.options": ["Options must be different from each other."],
      "sections.0.section_name": ["A section needs a name."],
      sections: ["At most 50 sections."],
    });
    expect(problems.questions[state.sections[1].questions[1].key]).toBe("Options must be different from each other.");
    expect(problems.sections[state.sections[0].key]).toBe("A section needs a name.");
    expect(problems.general).toEqual(["At most 50 sections."]);
  });

  it("never gives a new question an id the application reserves", () => {
    const state = apply(fromDto(SET), { type: "addQuestion", section: 0 }, { type: "setText", section: 0, question: 2, text: "School" });
    expect(toDto(state)[0].questions[2].question_id).toBe("school_2");
  });

  it("refuses commas in multiselect options", () => {
    const state = apply(
      fromDto(SET),
      { type: "setType", section: 1, question: 1, questionType: "multiselect" },
      { type: "setOption", section: 1, question: 1, option: 0, value: "Bus, coach" },
    );
    expect(validate(state).questions[state.sections[1].questions[1].key]).toMatch(/commas/);
  });

  it("a conditional on a new yes/no question is saved as that question's new id", () => {
    const state = apply(
      fromDto(SET),
      { type: "addSection" },
      { type: "renameSection", section: 2, name: "Hardware" },
      { type: "setText", section: 2, question: 0, text: "Bringing hardware?" },
      { type: "setType", section: 2, question: 0, questionType: "boolean" },
      { type: "addSection" },
      { type: "renameSection", section: 3, name: "Hardware details" },
      { type: "setText", section: 3, question: 0, text: "Which boards?" },
    );
    const key = conditionChoices(state, 3).find((c) => c.label === "Bringing hardware?")?.key ?? null;
    const next = apply(state, { type: "setConditional", section: 3, questionKey: key });
    expect(isValid(validate(next))).toBe(true);
    const dto = toDto(next);
    expect(dto[3].conditional_on).toBe("bringing_hardware");
    expect(dto[2].questions[0].question_id).toBe("bringing_hardware");
  });

  describe("validation", () => {
    it("accepts a complete set", () => {
      expect(isValid(validate(fromDto(SET)))).toBe(true);
    });

    it("flags a question without text and a section without a name", () => {
      const state = apply(fromDto(SET), { type: "addSection" });
      const problems = validate(state);
      expect(isValid(problems)).toBe(false);
      expect(problems.sections[state.sections[2].key]).toMatch(/name/);
      expect(problems.questions[state.sections[2].questions[0].key]).toMatch(/text/);
    });

    it("flags a choice question without options, duplicate options and an empty section", () => {
      let state = apply(fromDto(SET), { type: "setOption", section: 1, question: 1, option: 1, value: "Bus" });
      expect(validate(state).questions[state.sections[1].questions[1].key]).toMatch(/differ/);
      state = apply(
        fromDto(SET),
        { type: "removeOption", section: 1, question: 1, option: 0 },
        { type: "removeOption", section: 1, question: 1, option: 0 },
      );
      expect(validate(state).questions[state.sections[1].questions[1].key]).toMatch(/option/);
      state = apply(fromDto(SET), { type: "removeQuestion", section: 1, question: 0 }, { type: "removeQuestion", section: 1, question: 0 });
      expect(validate(state).sections[state.sections[1].key]).toMatch(/Add a question/);
    });

    it("flags two sections with one name and an empty set", () => {
      const state = apply(fromDto(SET), { type: "renameSection", section: 1, name: "about you" });
      expect(validate(state).sections[state.sections[1].key]).toMatch(/share/);
      expect(validate(fromDto([])).general).toEqual(["Add at least one section."]);
    });
  });
});

describe("required switch and help text", () => {
  it("a set without them reads as required with no help, and sends both", () => {
    const dto = toDto(fromDto(BARE_SET));
    expect(dto.flatMap((s) => s.questions.map((q) => [q.required, q.help_text]))).toEqual([
      [true, ""],
      [true, ""],
      [true, ""],
      [true, ""],
    ]);
  });

  it("carries the switch and the trimmed help text to the wire, for old and new questions", () => {
    const state = apply(
      fromDto(SET),
      { type: "setRequired", section: 0, question: 0, required: false },
      { type: "setHelpText", section: 1, question: 0, helpText: "  The nearest big city is fine.  " },
      { type: "addQuestion", section: 0 },
      { type: "setText", section: 0, question: 2, text: "Pronouns" },
      { type: "setRequired", section: 0, question: 2, required: false },
    );
    const dto = toDto(state);
    expect(dto[0].questions[0]).toMatchObject({ question_id: "age", required: false, help_text: "" });
    expect(dto[1].questions[0]).toMatchObject({ question_id: "city", required: true, help_text: "The nearest big city is fine." });
    expect(dto[0].questions[2]).toMatchObject({ question_id: "pronouns", required: false, help_text: "" });
    // Read back, the state is the same.
    expect(toDto(fromDto(dto))).toEqual(dto);
  });

  it("refuses help text longer than the server keeps", () => {
    const state = apply(fromDto(SET), { type: "setHelpText", section: 0, question: 0, helpText: "x".repeat(501) });
    const problems = validate(state);
    expect(isValid(problems)).toBe(false);
    expect(Object.values(problems.questions)).toEqual(["Keep the help text to 500 characters."]);
  });

  it("a number question's largest answer: read, sent, cleared, and refused below the smallest", () => {
    const withMax = BARE_SET.map((s, i) => (i === 0 ? { ...s, questions: [{ ...s.questions[0], max_value: 100 }, s.questions[1]] } : s));
    const state = fromDto(withMax);
    expect(state.sections[0].questions[0].maxValue).toBe("100");
    expect(toDto(state)[0].questions[0].max_value).toBe(100);
    // Cleared: left out, which the server stores as no largest answer.
    const cleared = toDto(apply(state, { type: "setMaxValue", section: 0, question: 0, maxValue: " " }));
    expect("max_value" in cleared[0].questions[0]).toBe(false);
    // Another type never sends one.
    const retyped = apply(state, { type: "setType", section: 0, question: 0, questionType: "short_answer" });
    expect("max_value" in toDto(retyped)[0].questions[0]).toBe(false);
    for (const typed of ["15", "ninety", "99.5", "-3"]) {
      const problems = validate(apply(state, { type: "setMaxValue", section: 0, question: 0, maxValue: typed }));
      expect(Object.values(problems.questions)).toEqual(["The largest answer is a whole number of at least 16."]);
    }
  });

  it.each([
    ["100", 100],
    [" 16 ", 16],
    ["15", null],
    ["", null],
    ["1e3", null],
    ["99999999999", null],
  ])("maxValueOf(%j) is %j", (typed, value) => expect(maxValueOf(typed)).toBe(value));

  it("a new question starts required", () => {
    const state = apply(fromDto(SET), { type: "addQuestion", section: 1 });
    expect(state.sections[1].questions[2]).toMatchObject({ required: true, helpText: "" });
  });
});

describe("translations", () => {
  const WITH_LABELS: SectionDto[] = [
    {
      section_name: "Travel",
      conditional_on: null,
      translations: { es: { section_name: "Viaje" } },
      questions: [
        {
          question_id: "mode",
          question_text: "How?",
          question_type: "multiple_choice",
          options: ["Bus", "Train", "Car"],
          required: true,
          help_text: "",
          translations: { es: { question_text: "¿Cómo?", options: { Bus: "Autobús", Car: "Coche" } } },
        },
      ],
    },
  ];
  const at = { section: 0, question: 0 };

  it("reads and writes them back unchanged", () => {
    expect(toDto(fromDto(WITH_LABELS))).toEqual(WITH_LABELS);
  });

  it("leaves them out for a set read without them, so the server keeps its own", () => {
    const [section] = toDto(fromDto(SET));
    expect("translations" in section).toBe(false);
    expect(section.questions.every((q) => !("translations" in q))).toBe(true);
  });

  it("keeps each option's label with the option when options move or go", () => {
    let state = fromDto(WITH_LABELS);
    state = builderReducer(state, { type: "moveOption", ...at, option: 2, by: -1 });
    expect(toDto(state)[0].questions[0].options).toEqual(["Bus", "Car", "Train"]);
    expect(toDto(state)[0].questions[0].translations?.es.options).toEqual({ Bus: "Autobús", Car: "Coche" });
    state = builderReducer(state, { type: "removeOption", ...at, option: 0 });
    state = builderReducer(state, { type: "translateOption", ...at, language: "es", option: 1, value: "Tren" });
    expect(toDto(state)[0].questions[0].translations).toEqual({
      es: { question_text: "¿Cómo?", options: { Car: "Coche", Train: "Tren" } },
    });
  });

  it("drops empty texts and a language left with none", () => {
    let state = fromDto(WITH_LABELS);
    state = builderReducer(state, { type: "translateQuestion", ...at, language: "es", field: "text", value: " " });
    state = builderReducer(state, { type: "translateOption", ...at, language: "es", option: 0, value: "" });
    state = builderReducer(state, { type: "translateOption", ...at, language: "es", option: 2, value: "" });
    state = builderReducer(state, { type: "translateSection", section: 0, language: "es", name: "" });
    const [section] = toDto(state);
    expect(section.translations).toEqual({});
    expect(section.questions[0].translations).toEqual({});
  });
});
