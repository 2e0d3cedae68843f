// Checkpoint scans (a meal, the swag table): their answers → outcomes → cards, and how the
// offline queue keeps a checkpoint scan apart from the door's.
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api";
import { cardView, checkpointOf, outcomeOfError, outcomeOfResult, type Outcome } from "./outcome";
import { enqueue, emptyQueue, parseQueue, serializeQueue, targetKey, type ScanTarget } from "./queue";
import { ResultCard } from "./result-card";
import { ADA } from "./test-fixtures";

const LUNCH = { id: 3, name: "Saturday lunch", kind: "meal" as const };
const SWAG = { id: 4, name: "Swag", kind: "swag" as const };

describe("checkpoint answers", () => {
  it.each<[string, unknown, Outcome["kind"], string, string]>([
    ["a first lunch", { result: "passed", checkpoint: LUNCH, person: ADA, at: "2026-06-06T12:41:00-04:00" }, "passed", "ok", "Saturday lunch: go ahead"],
  ])("%s", (_case, body, kind, tone, title) => {
    const outcome = outcomeOfResult(body as Parameters<typeof outcomeOfResult>[0]);
    expect(outcome.kind).toBe(kind);
    expect(cardView(outcome)).toMatchObject({ tone, title });
  });

  it.each<[string, object, Outcome["kind"], string, string]>([
    [
      "a second lunch",
      { message: "Already had Saturday lunch at 12:41.", result: "already_passed", checkpoint: LUNCH, person: ADA },
      "already_passed",
      "warn",
      "Already had Saturday lunch at 12:41.",
    ],
    [
      "someone not through the door",
      { message: "Not checked in yet: send them to the door first.", result: "not_checked_in", checkpoint: SWAG, person: ADA },
      "not_in",
      "err",
      "Not checked in yet: send them to the door first.",
    ],
    [
      "another event's ticket at a checkpoint",
      { message: "This ticket is for another event.", result: "other_event", checkpoint: SWAG, person: ADA },
      "not_in",
      "err",
      "This ticket is for another event.",
    ],
  ])("%s", (_case, body, kind, tone, detail) => {
    const outcome = outcomeOfError(new ApiError(409, body));
    expect(outcome.kind).toBe(kind);
    expect(cardView(outcome)).toMatchObject({ tone, detail });
  });

  it("an invalid token at a checkpoint is still 'not a valid ticket'", () => {
    const outcome = outcomeOfError(new ApiError(400, { message: "This isn't a valid ticket.", result: "invalid", errors: { token: ["x"] } } as object));
    expect(outcome.kind).toBe("invalid");
  });

  it("only outcomes at a checkpoint name it", () => {
    expect(checkpointOf({ kind: "passed", person: ADA, checkpoint: LUNCH })).toEqual(LUNCH);
    expect(checkpointOf({ kind: "checked_in", person: ADA })).toBeNull();
  });

  it("a queued checkpoint scan says where it will be recorded", () => {
    expect(cardView({ kind: "queued", label: "Ticket …ab12", at: "Saturday lunch" }).detail).toBe(
      "Ticket …ab12: it will be recorded at Saturday lunch when the connection is back.",
    );
  });
});

describe("the meal card", () => {
  it("shows the dietary needs large at a meal", () => {
    render(<ResultCard outcome={{ kind: "passed", person: ADA, checkpoint: LUNCH }} />);
    expect(screen.getByText("Dietary needs", { selector: ".checkin-diet__label" })).toBeInTheDocument();
    expect(screen.getByText("Vegetarian, Nut allergy", { selector: ".checkin-diet__value" })).toBeInTheDocument();
  });

  it("does not at the swag table", () => {
    const { container } = render(<ResultCard outcome={{ kind: "passed", person: ADA, checkpoint: SWAG }} />);
    expect(container.querySelector(".checkin-diet")).toBeNull();
  });
});

describe("the offline queue at checkpoints", () => {
  const door: ScanTarget = { kind: "token", token: "abc.1.sig" };
  const lunch: ScanTarget = { kind: "token", token: "abc.1.sig", checkpointId: 3 };
  const swag: ScanTarget = { kind: "token", token: "abc.1.sig", checkpointId: 4 };

  it.each<[string, ScanTarget, ScanTarget, boolean]>([
    ["the door and lunch are two scans", door, lunch, true],
    ["lunch and swag are two scans", lunch, swag, true],
    ["lunch twice is one scan", lunch, { ...lunch }, false],
  ])("%s", (_case, first, second, added) => {
    const one = enqueue(emptyQueue(), { scanId: "s1", target: first, label: "x" }, 0);
    expect(enqueue(one.state, { scanId: "s2", target: second, label: "x" }, 1).added).toBe(added);
    expect(targetKey(first) === targetKey(second)).toBe(!added);
  });

  it("keeps the checkpoint through storage, and drops a malformed one", () => {
    const queued = enqueue(emptyQueue(), { scanId: "s1", target: lunch, label: "x" }, 0).state;
    expect(parseQueue(serializeQueue(queued)).pending[0].target).toEqual(lunch);
    const bad = serializeQueue(queued).replace('"checkpointId":3', '"checkpointId":"lunch"');
    expect(parseQueue(bad).pending).toEqual([]);
  });
});

describe("a refused second lunch", () => {
  it("shows who, not the dietary needs large", () => {
    const { container } = render(
      <ResultCard outcome={{ kind: "already_passed", message: "Already had Saturday lunch at 12:41.", person: ADA, checkpoint: LUNCH }} />,
    );
    expect(container.querySelector(".checkin-diet")).toBeNull();
    expect(screen.getByText("Already had Saturday lunch at 12:41.")).toBeInTheDocument();
  });
});
