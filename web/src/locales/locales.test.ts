import { describe, expect, it } from "vitest";
import en from "./en.json";
import fr from "./fr.json";

/** Every leaf of a locale as "path" -> value; array items are indexed, so lengths must match too. */
function leaves(value: unknown, prefix = ""): Map<string, unknown> {
  const result = new Map<string, unknown>();
  if (value !== null && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, leaf] of leaves(child, prefix ? `${prefix}.${key}` : key)) result.set(path, leaf);
    }
  } else {
    result.set(prefix, value);
  }
  return result;
}

describe("locales", () => {
  const english = leaves(en);
  const french = leaves(fr);

  it("have the same keys in English and French", () => {
    const missingInFrench = [...english.keys()].filter((key) => !french.has(key));
    const missingInEnglish = [...french.keys()].filter((key) => !english.has(key));
    expect({ missingInFrench, missingInEnglish }).toEqual({ missingInFrench: [], missingInEnglish: [] });
  });

  it("have no empty or non-string texts", () => {
    for (const locale of [english, french]) {
      const bad = [...locale.entries()].filter(([, value]) => typeof value !== "string" || value.trim() === "");
      expect(bad).toEqual([]);
    }
  });

  it("keep the same interpolation placeholders in both languages", () => {
    const placeholders = (text: unknown) => [...String(text).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    const mismatched = [...english.entries()].filter(
      ([key, text]) => JSON.stringify(placeholders(text)) !== JSON.stringify(placeholders(french.get(key))),
    );
    expect(mismatched).toEqual([]);
  });

  it("have 9 privacy sections and 12 terms sections (docs/screens.md)", () => {
    for (const locale of [en, fr]) {
      expect(locale.legal.privacy.sections).toHaveLength(9);
      expect(locale.legal.terms.sections).toHaveLength(12);
    }
  });
});
