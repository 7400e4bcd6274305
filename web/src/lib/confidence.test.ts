import { describe, expect, it } from "vitest";
import { extractionConfidenceTone, linkConfidenceTone } from "./confidence";

describe("extractionConfidenceTone (docs/constants.md: >= 90 green, 75-89 yellow, < 75 red)", () => {
  it.each([
    [100, "high"],
    [90, "high"],
    [89, "medium"],
    [75, "medium"],
    [74, "low"],
    [0, "low"],
  ] as const)("%d is %s", (value, tone) => {
    expect(extractionConfidenceTone(value)).toBe(tone);
  });
});

describe("linkConfidenceTone (docs/constants.md: 80+ green, 60-79 yellow, < 60 red, none neutral)", () => {
  it.each([
    [100, "high"],
    [80, "high"],
    [79, "medium"],
    [60, "medium"],
    [59, "low"],
    [0, "low"],
    [null, "none"],
    [undefined, "none"],
  ] as const)("%s is %s", (value, tone) => {
    expect(linkConfidenceTone(value)).toBe(tone);
  });
});
