import { describe, expect, it } from "vitest";
import { fromPage } from "./query";

describe("fromPage", () => {
  it.each([
    ["the page brought it", { total: 3 }, { initialData: { total: 3 }, refetchOnMount: false }],
    ["a falsy answer is still an answer", 0, { initialData: 0, refetchOnMount: false }],
    ["the page brought none", undefined, { initialData: undefined, refetchOnMount: true }],
  ])("%s", (_name, initial, expected) => {
    expect(fromPage(initial)).toEqual(expected);
  });
});
