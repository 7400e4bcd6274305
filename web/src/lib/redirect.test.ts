import { describe, expect, it } from "vitest";
import { loginUrl, safeRedirect } from "./redirect";

describe("safeRedirect", () => {
  it("keeps paths on this site", () => {
    expect(safeRedirect("/memories?filterEntity=3")).toBe("/memories?filterEntity=3");
  });

  it("refuses other sites and non-paths", () => {
    for (const value of ["//evil.example", "/\\evil.example", "https://evil.example", "memories", "", null, undefined]) {
      expect(safeRedirect(value)).toBeNull();
    }
  });
});

describe("loginUrl", () => {
  it("is /api/login alone by default", () => {
    expect(loginUrl()).toBe("/api/login");
  });

  it("carries a redirect", () => {
    expect(loginUrl({ redirect: "/memories" })).toBe("/api/login?redirect=%2Fmemories");
  });

  it("asks for consent, with and without redirect", () => {
    expect(loginUrl({ consent: true })).toBe("/api/login?consent=1");
    expect(loginUrl({ consent: true, redirect: "/timeline" })).toBe("/api/login?consent=1&redirect=%2Ftimeline");
  });

  it("drops an unsafe redirect", () => {
    expect(loginUrl({ redirect: "//evil.example" })).toBe("/api/login");
  });
});
