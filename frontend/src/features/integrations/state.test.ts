import { describe, expect, it } from "vitest";
import { countsLine, deliveryLine, formErrors, toggleEvent, type EventChoice } from "./state";

const order: EventChoice[] = [
  { value: "application.submitted", label: "Submitted" },
  { value: "decision.released", label: "Released" },
  { value: "checkin.created", label: "Checked in" },
];

describe("toggleEvent", () => {
  it.each([
    [[], "checkin.created", true, ["checkin.created"]],
    [["checkin.created"], "application.submitted", true, ["application.submitted", "checkin.created"]],
    [["application.submitted", "checkin.created"], "application.submitted", false, ["checkin.created"]],
    [["checkin.created"], "checkin.created", true, ["checkin.created"]],
  ] as const)("%j + %s (%s) = %j", (chosen, event, on, expected) => {
    expect(toggleEvent([...chosen], event, on, order)).toEqual(expected);
  });
});

describe("countsLine", () => {
  it.each([
    [{ sent: 0, failed: 0, pending: 0 }, "Nothing sent yet"],
    [{ sent: 12, failed: 0, pending: 0 }, "12 sent"],
    [{ sent: 12, failed: 1, pending: 2 }, "12 sent · 1 failed · 2 waiting"],
    [{ sent: 0, failed: 0, pending: 3 }, "0 sent · 3 waiting"],
  ])("%j → %s", (counts, expected) => expect(countsLine(counts)).toBe(expected));
});

describe("deliveryLine", () => {
  it.each([
    [{ event: "checkin.created", application_id: 7, attempts: 5, response_status: 503 }, "checkin.created for application 7: 5 attempts, last answer 503"],
    [{ event: "decision.released", application_id: null, attempts: 1, response_status: null }, "decision.released: 1 attempt"],
  ] as const)("%j → %s", (delivery, expected) => expect(deliveryLine(delivery)).toBe(expected));
});

describe("formErrors", () => {
  it.each([
    ["", [], { url: "Enter the address to send to.", events: "Choose at least one event." }],
    ["hooks.example.org", ["checkin.created"], { url: "Enter an http:// or https:// address." }],
    ["  https://hooks.example.org/x ", ["checkin.created"], {}],
  ] as const)("%s %j → %j", (url, events, expected) => expect(formErrors(url, [...events])).toEqual(expected));
});
