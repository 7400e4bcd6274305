import { describe, expect, it } from "vitest";
import { acceptAllCookies, betaAcknowledged, cookiePreferences } from "./cookie-consent";

describe("cookiePreferences", () => {
  it("is null until chosen, then stored", () => {
    expect(cookiePreferences.get()).toBeNull();
    cookiePreferences.set({ essential: true, analytics: false, functionality: true });
    expect(JSON.parse(window.localStorage.getItem("lifegraph.cookieConsent") ?? "null")).toEqual({
      essential: true,
      analytics: false,
      functionality: true,
    });
    expect(cookiePreferences.get()).toEqual({ essential: true, analytics: false, functionality: true });
  });

  it("always reads essential as true", () => {
    window.localStorage.setItem("lifegraph.cookieConsent", JSON.stringify({ essential: false, analytics: true, functionality: false }));
    expect(cookiePreferences.get()).toEqual({ essential: true, analytics: true, functionality: false });
  });

  it("ignores damaged values, so the banner asks again", () => {
    window.localStorage.setItem("lifegraph.cookieConsent", "{not json");
    expect(cookiePreferences.get()).toBeNull();
    window.localStorage.setItem("lifegraph.cookieConsent", JSON.stringify({ analytics: "yes" }));
    expect(cookiePreferences.get()).toBeNull();
  });

  it("notifies subscribers", () => {
    let calls = 0;
    const unsubscribe = cookiePreferences.subscribe(() => calls++);
    cookiePreferences.set(acceptAllCookies);
    unsubscribe();
    cookiePreferences.set(acceptAllCookies);
    expect(calls).toBe(1);
  });
});

describe("betaAcknowledged", () => {
  it("is false until acknowledged", () => {
    expect(betaAcknowledged.get()).toBe(false);
    betaAcknowledged.set(true);
    expect(window.localStorage.getItem("lifegraph.betaAcknowledged")).toBe("true");
    expect(betaAcknowledged.get()).toBe(true);
  });
});
