import { describe, expect, it } from "vitest";
import { addSample, bytesText, etaText, secondsLeft } from "./progress";

describe("progress", () => {
  it("keeps the newest samples of the run, and starts again when the count goes down", () => {
    let samples = addSample([], { at: 0, done: 0 });
    for (let i = 1; i <= 12; i += 1) samples = addSample(samples, { at: i * 1000, done: i * 5 });
    expect(samples).toHaveLength(10);
    expect(samples[0]).toEqual({ at: 3000, done: 15 });
    expect(addSample(samples, { at: 13000, done: 2 })).toEqual([{ at: 13000, done: 2 }]);
    // The same answer twice (a refetch that came back at once) adds nothing.
    expect(addSample(samples, samples[9])).toBe(samples);
  });

  it.each([
    ["one sample", [{ at: 0, done: 0 }], 10, null],
    ["no movement", [{ at: 0, done: 5 }, { at: 4000, done: 5 }], 10, null],
    ["5 a second, 100 left", [{ at: 0, done: 0 }, { at: 2000, done: 10 }], 100, 20],
    ["nothing left", [{ at: 0, done: 0 }], 0, 0],
  ])("%s: %j with %i left is %j s", (_name, samples, remaining, seconds) => {
    expect(secondsLeft(samples, remaining)).toBe(seconds);
  });

  it.each([
    [null, ""],
    [0, ""],
    [3, "about 5 s left"],
    [42, "about 45 s left"],
    [61, "about 2 min left"],
    [5400, "about 1.5 h left"],
  ])("%j seconds reads %j", (seconds, text) => {
    expect(etaText(seconds)).toBe(text);
  });

  it.each([
    [312, "312 B"],
    [840 * 1024, "840 KB"],
    [1.44 * 1024 * 1024, "1.4 MB"],
  ])("%i bytes read %s", (bytes, text) => {
    expect(bytesText(bytes)).toBe(text);
  });
});
