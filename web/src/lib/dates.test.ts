import { describe, expect, it } from "vitest";
import { formatDate, toDateInputValue } from "./dates";

describe("formatDate", () => {
  it("writes English dates as 'MMMM d, yyyy'", () => {
    expect(formatDate("2026-03-07", "en")).toBe("March 7, 2026");
  });

  it("writes French dates as 'd MMMM yyyy'", () => {
    expect(formatDate("2026-03-07", "fr")).toBe("7 mars 2026");
  });

  it("accepts Date values", () => {
    expect(formatDate(new Date(2025, 11, 25), "en")).toBe("December 25, 2025");
  });
});

describe("toDateInputValue", () => {
  it("gives yyyy-MM-dd", () => {
    expect(toDateInputValue(new Date(2026, 0, 5))).toBe("2026-01-05");
  });
});
