import { describe, expect, it } from "vitest";
import { setPrefersDark } from "@/test/media";
import { chosenTheme, currentTheme, watchTheme } from "./theme";

describe("theme", () => {
  it("follows the system preference until one is chosen", () => {
    const stop = watchTheme();
    expect(currentTheme()).toBe("light");
    expect(document.documentElement).not.toHaveClass("dark");
    setPrefersDark(true);
    expect(document.documentElement).toHaveClass("dark");
    chosenTheme.set("light");
    expect(document.documentElement).not.toHaveClass("dark");
    expect(window.localStorage.getItem("lifegraph.theme")).toBe("light");
    stop();
  });

  it("puts the dark class on <html> for a dark choice", () => {
    const stop = watchTheme();
    chosenTheme.set("dark");
    expect(document.documentElement).toHaveClass("dark");
    expect(document.documentElement.style.colorScheme).toBe("dark");
    stop();
  });
});
