import { describe, expect, it, vi } from "vitest";
import { storedValue } from "./storage";

const flag = () =>
  storedValue<boolean>(
    "test.flag",
    (raw) => raw === "yes",
    (value) => (value ? "yes" : null),
  );

describe("storedValue", () => {
  it("reads, writes and removes its key", () => {
    const value = flag();
    expect(value.get()).toBe(false);
    value.set(true);
    expect(window.localStorage.getItem("test.flag")).toBe("yes");
    expect(value.get()).toBe(true);
    value.set(false);
    expect(window.localStorage.getItem("test.flag")).toBeNull();
  });

  it("keeps the choice for the page when storage refuses writes", () => {
    const value = flag();
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("full", "QuotaExceededError");
    });
    value.set(true);
    expect(value.get()).toBe(true);
  });

  it("hears changes made in another tab", () => {
    const value = flag();
    const listener = vi.fn();
    const unsubscribe = value.subscribe(listener);
    window.localStorage.setItem("test.flag", "yes");
    window.dispatchEvent(new StorageEvent("storage", { key: "test.flag" }));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(value.get()).toBe(true);
    unsubscribe();
  });
});
