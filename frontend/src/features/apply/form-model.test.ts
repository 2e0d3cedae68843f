import { describe, expect, it } from "vitest";
import type { Application } from "../../api/applications";
import {
  LIST_MAX,
  LONG_MAX,
  NUMERIC_MIN,
  SHORT_MAX,
  decodeMultiselect,
  initialState,
  toggleOption,
  visibleSections,
  type FormState,
  describedChoice,
  describesOption,
  initialDetails,
} from "../../components/application/form-model";
import {
  CHECK_MESSAGES,
  checkForSave,
  checkForSubmit,
  generateTeamCode,
  toBody,
  encodeSections,
} from "../../components/application/form-checks";
import { SECTIONS, validState } from "./test-fixtures";

const CTX = { schools: ["Princeton University", "College Not Present"], countries: ["Canada", "Taiwan"], resumeOnFile: true };

function with_(patch: Partial<FormState>, answers: Record<string, string | string[]> = {}): FormState {
  const base = validState();
  return { ...base, ...patch, answers: { ...base.answers, ...answers } };
}

describe("client checks on submit", () => {
  it("pass a complete application", () => {
    expect(checkForSubmit(SECTIONS, validState(), CTX)).toEqual({});
  });

  it("require first, last and school", () => {
    const errors = checkForSubmit(SECTIONS, with_({ first: " ", last: "", school: "" }), CTX);
    expect(errors).toMatchObject({ first: CHECK_MESSAGES.required, last: CHECK_MESSAGES.required, school: CHECK_MESSAGES.required });
  });

  it("require the school to match a listed name exactly, case included", () => {
    expect(checkForSubmit(SECTIONS, with_({ school: "princeton university" }), CTX).school).toBe(CHECK_MESSAGES.school);
    expect(checkForSubmit(SECTIONS, with_({ school: "Princeton" }), CTX).school).toBe(CHECK_MESSAGES.school);
    expect(checkForSubmit(SECTIONS, with_({ school: "College Not Present", schoolOther: "Hogwarts" }), CTX)).toEqual({});
  });

  it("asks for the school's name with 'College Not Present', and sends it only with that choice", () => {
    expect(checkForSubmit(SECTIONS, with_({ school: "College Not Present", schoolOther: "  " }), CTX)).toEqual({
      school_other: CHECK_MESSAGES.schoolOther,
    });
    expect(toBody(SECTIONS, with_({ school: "College Not Present", schoolOther: " Hogwarts " }), true).school_other).toBe("Hogwarts");
    expect(toBody(SECTIONS, with_({ school: "Princeton University", schoolOther: "Hogwarts" }), true).school_other).toBe("");
  });

  it("require the country to be a listed name", () => {
    expect(checkForSubmit(SECTIONS, with_({}, { country: "canada" }), CTX).country).toBe(CHECK_MESSAGES.country);
    expect(checkForSubmit(SECTIONS, with_({}, { country: "Taiwan" }), CTX)).toEqual({});
  });

  it("require every question except lists", () => {
    const empty = initialState(SECTIONS, null);
    const errors = checkForSubmit(SECTIONS, { ...validState(), answers: empty.answers }, CTX);
    expect(Object.keys(errors).sort()).toEqual(["age", "country", "first_hack", "langs", "level", "major", "travel", "why"]);
    expect(errors.first_hack).toBe(CHECK_MESSAGES.yesOrNo);
    expect(errors.langs).toBe(CHECK_MESSAGES.chooseSome);
  });

  it("hold numbers to a minimum of 16", () => {
    expect(checkForSubmit(SECTIONS, with_({}, { age: "15" }), CTX).age).toBe(CHECK_MESSAGES.numericMin);
    expect(checkForSubmit(SECTIONS, with_({}, { age: "sixteen" }), CTX).age).toBe(CHECK_MESSAGES.number);
    expect(checkForSubmit(SECTIONS, with_({}, { age: "16" }), CTX)).toEqual({});
  });

  it("hold a number to the largest answer its question sets, when it sets one", () => {
    const capped = SECTIONS.map((s) => ({ ...s, questions: s.questions.map((q) => (q.question_id === "age" ? { ...q, max_value: 100 } : q)) }));
    expect(checkForSubmit(capped, with_({}, { age: "200" }), CTX).age).toBe("Must be at most 100.");
    expect(checkForSubmit(capped, with_({}, { age: "100" }), CTX)).toEqual({});
    expect(checkForSubmit(SECTIONS, with_({}, { age: "200" }), CTX)).toEqual({}); // no largest set
  });

  it("limit short answers to 100 characters and long ones to 1200", () => {
    expect(checkForSubmit(SECTIONS, with_({}, { major: "x".repeat(101) }), CTX).major).toBe(CHECK_MESSAGES.shortMax);
    expect(checkForSubmit(SECTIONS, with_({}, { major: "x".repeat(100) }), CTX)).toEqual({});
    expect(checkForSubmit(SECTIONS, with_({}, { why: "x".repeat(1201) }), CTX).why).toBe(CHECK_MESSAGES.longMax);
    expect(checkForSubmit(SECTIONS, with_({}, { why: "x".repeat(1200) }), CTX)).toEqual({});
  });

  it("hold a list to three entries, none with a comma", () => {
    expect(checkForSubmit(SECTIONS, with_({}, { links: ["a", "b", "c", "d"] }), CTX).links).toBe(CHECK_MESSAGES.listMax);
    expect(checkForSubmit(SECTIONS, with_({}, { links: ["a,b"] }), CTX).links).toBe(CHECK_MESSAGES.listComma);
    expect(checkForSubmit(SECTIONS, with_({}, { links: [""] }), CTX)).toEqual({});
  });

  it("accept only the offered options", () => {
    expect(checkForSubmit(SECTIONS, with_({}, { level: "PhD" }), CTX).level).toBe(CHECK_MESSAGES.chooseOne);
    expect(checkForSubmit(SECTIONS, with_({}, { langs: ["Cobol"] }), CTX).langs).toBe(CHECK_MESSAGES.chooseOne);
  });

  it("require a conditional section only when its question is answered yes", () => {
    expect(checkForSubmit(SECTIONS, with_({}, { travel: "no", from: "" }), CTX)).toEqual({});
    expect(checkForSubmit(SECTIONS, with_({}, { travel: "yes", from: "" }), CTX).from).toBe(CHECK_MESSAGES.required);
  });

  it("need a resume on file", () => {
    expect(checkForSubmit(SECTIONS, validState(), { ...CTX, resumeOnFile: false }).resume).toBe(CHECK_MESSAGES.resumeMissing);
  });

  it("need the team choice, and a teammate's numeric code when the answer is no", () => {
    expect(checkForSubmit(SECTIONS, with_({ teamChoice: "", teamcode: "" }), CTX).teamcode).toBe(CHECK_MESSAGES.teamChoice);
    // Three answers are offered: the message names the third too.
    expect(CHECK_MESSAGES.teamChoice).toContain("applying alone");
    expect(checkForSubmit(SECTIONS, with_({ teamChoice: "no", teamcode: "" }), CTX).teamcode).toBe(CHECK_MESSAGES.teamcodeMissing);
    expect(checkForSubmit(SECTIONS, with_({ teamChoice: "no", teamcode: "12ab56" }), CTX).teamcode).toBe(
      CHECK_MESSAGES.teamcodeDigits,
    );
    expect(checkForSubmit(SECTIONS, with_({ teamChoice: "no", teamcode: "12345" }), CTX).teamcode).toBe(
      CHECK_MESSAGES.teamcodeDigits,
    );
    expect(checkForSubmit(SECTIONS, with_({ teamChoice: "no", teamcode: "87654321" }), CTX)).toEqual({});
  });

  it("need the first two code-of-conduct boxes; the third is optional", () => {
    expect(checkForSubmit(SECTIONS, with_({ checkboxes: [true, false, true] }), CTX).checkboxes).toBe(CHECK_MESSAGES.checkboxes);
    expect(checkForSubmit(SECTIONS, with_({ checkboxes: [false, true, true] }), CTX).checkboxes).toBe(CHECK_MESSAGES.checkboxes);
    expect(checkForSubmit(SECTIONS, with_({ checkboxes: [true, true, false] }), CTX)).toEqual({});
  });

  it("let a draft keep unfinished values", () => {
    expect(checkForSave(SECTIONS, initialState(SECTIONS, null))).toEqual({});
    expect(checkForSave(SECTIONS, with_({}, { age: "15" }))).toEqual({});
  });
});

describe("answer encoding (API contract)", () => {
  it("sends booleans as yes/no and multiselects and lists comma-joined", () => {
    const body = toBody(SECTIONS, with_({}, { langs: ["Go", "Python"], links: [" a.dev ", "", "b.dev"] }), true);
    const answers = Object.fromEntries(body.sections.flatMap((s) => s.answers.map((a) => [a.question_id, a.answer])));
    expect(answers.first_hack).toBe("no");
    expect(answers.langs).toBe("Python,Go"); // In the options' order.
    expect(answers.links).toBe("a.dev,b.dev");
    expect(body.sections.map((s) => s.section_name)).toEqual(["About You", "Experience", "Travel"]);
    expect(body.checkboxes).toEqual([true, true, false]);
    expect(body.teamcode).toBe("123456");
    expect(toBody(SECTIONS, with_({ teamChoice: "", teamcode: "" }), true).teamcode).toBeNull();
  });

  it("reads a saved application back into the form", () => {
    const saved: Application = {
      ...toBody(SECTIONS, validState(), true),
      teamcode: "123456",
      team_choice: "new",
      status: "started",
      email: "ada@princeton.edu",
      travel_reimbursement: false,
      housing_accommodations: false,
    };
    const state = initialState(SECTIONS, saved);
    expect(state.answers.langs).toEqual(["Python", "Go"]);
    expect(state.answers.links).toEqual(["https://github.com/ada"]);
    expect(state.answers.first_hack).toBe("no");
    expect(state.school).toBe("Princeton University");
    expect(state.teamChoice).toBe("yes");
    expect(state.teamcode).toBe("123456");
  });

  it("decodes multiselect options that contain commas", () => {
    expect(decodeMultiselect("Yes, please,No", ["Yes, please", "No", "Maybe"])).toEqual(["Yes, please", "No"]);
  });
});

describe("conditional sections", () => {
  it("show only when their question is answered yes", () => {
    expect(visibleSections(SECTIONS, { travel: "no" }).map((s) => s.section_name)).toEqual(["About You", "Experience"]);
    expect(visibleSections(SECTIONS, { travel: "yes" }).map((s) => s.section_name)).toContain("Travel");
  });
});

describe("team codes", () => {
  it("are integers from 100000 to 99999999", () => {
    expect(generateTeamCode(() => 0)).toBe("100000");
    expect(generateTeamCode(() => 0.999999999999)).toBe("99999999");
    for (let i = 0; i < 50; i++) {
      const code = Number(generateTeamCode());
      expect(code).toBeGreaterThanOrEqual(100_000);
      expect(code).toBeLessThanOrEqual(99_999_999);
    }
  });
});

describe("toggleOption: an exclusive option rules out the others", () => {
  it.each<[string, string[], string, boolean, string[]]>([
    ["ticking 'None yet' unticks the languages", ["Python", "Rust"], "None yet", true, ["None yet"]],
    ["ticking a language unticks 'None yet'", ["None yet"], "Python", true, ["Python"]],
    ["languages add up", ["Python"], "Rust", true, ["Python", "Rust"]],
    ["'Prefer not to answer' unticks the rest", ["Korean", "Japanese"], "Prefer not to answer", true, ["Prefer not to answer"]],
    ["'None' of the dietary needs too", ["Vegan"], "None", true, ["None"]],
    ["unticking takes just that one", ["Python", "Rust"], "Python", false, ["Rust"]],
    ["ticking twice keeps one", ["Python"], "Python", true, ["Python"]],
  ])("%s", (_name, chosen, option, checked, expected) => {
    expect(toggleOption(chosen, option, checked)).toEqual(expected);
  });
});

describe("questions the builder made optional", () => {
  // The builder's switch: the same set with "major", "langs" and "first_hack" optional.
  const OPTIONAL = new Set(["major", "langs", "first_hack"]);
  const sections = SECTIONS.map((s) => ({
    ...s,
    questions: s.questions.map((q) => (OPTIONAL.has(q.question_id) ? { ...q, required: false } : q)),
  }));

  it.each([
    ["major", ""],
    ["langs", []],
    ["first_hack", ""],
  ])("%s may be left empty", (key, empty) => {
    expect(checkForSubmit(sections, with_({}, { [key]: empty }), CTX)).toEqual({});
  });

  it("a required question still may not", () => {
    expect(checkForSubmit(sections, with_({}, { age: "" }), CTX)).toEqual({ age: CHECK_MESSAGES.required });
  });

  it("what is given in an optional question is still checked", () => {
    expect(checkForSubmit(sections, with_({}, { langs: ["Cobol"] }), CTX).langs).toBe(CHECK_MESSAGES.chooseOne);
  });
});

describe("the words beside Other and Prefer to self-describe", () => {
  const GENDER = { question_id: "gender", question_text: "Gender", question_type: "multiple_choice" as const, options: ["Woman", "Man", "Prefer to self-describe"] };
  const ETHNICITY = { question_id: "eth", question_text: "Ethnicity", question_type: "multiselect" as const, options: ["Chinese", "Other"] };
  const sections = [{ section_name: "Demographics", conditional_on: null, questions: [GENDER, ETHNICITY] }];

  it.each([
    ["Other", true],
    [" other ", true],
    ["Prefer to self-describe", true],
    ["Other Pacific Islander", false],
    ["Woman", false],
  ])("%s asks for words: %s", (option, expected) => {
    expect(describesOption(option)).toBe(expected);
  });

  it("the box opens for the describing choice only", () => {
    expect(describedChoice(GENDER, "Prefer to self-describe")).toBe("Prefer to self-describe");
    expect(describedChoice(GENDER, "Woman")).toBeNull();
    expect(describedChoice(ETHNICITY, ["Chinese", "Other"])).toBe("Other");
    expect(describedChoice(ETHNICITY, ["Chinese"])).toBeNull();
  });

  it("sends the words with their choice, trimmed, and drops them with another choice", () => {
    const details = { gender: "  Agender ", eth: "Hmong" };
    const sent = encodeSections(sections, { gender: "Prefer to self-describe", eth: ["Chinese"] }, false, details);
    expect(sent[0].answers).toEqual([
      { question_id: "gender", answer: "Prefer to self-describe", detail: "Agender" },
      { question_id: "eth", answer: "Chinese" },
    ]);
  });

  it("reads saved words back", () => {
    expect(initialDetails([{ section_name: "D", answers: [{ question_id: "gender", answer: "Prefer to self-describe", detail: "Agender" }] }])).toEqual({
      gender: "Agender",
    });
  });
});

describe("the limits' messages", () => {
  // Written out in CHECK_MESSAGES (the catalog's extraction reads only literal strings): each must
  // say the limit its check uses.
  it.each([
    ["numericMin", NUMERIC_MIN],
    ["shortMax", SHORT_MAX],
    ["longMax", LONG_MAX],
    ["listMax", LIST_MAX],
  ] as const)("%s names %i", (key, limit) => {
    expect(CHECK_MESSAGES[key].match(/\d+/g)).toEqual([String(limit)]);
  });
});
