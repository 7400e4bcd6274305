import { describe, expect, it } from "vitest";
import { displayName, userInitial } from "./user-display";

const nobody = { firstName: null, lastName: null, username: null, email: null };

describe("displayName", () => {
  it("uses first and last name when both exist", () => {
    expect(displayName({ ...nobody, firstName: "Ada", lastName: "Lovelace", username: "ada" })).toBe("Ada Lovelace");
  });

  it("falls back to the username when a name part is missing", () => {
    expect(displayName({ ...nobody, firstName: "Ada", username: "countess" })).toBe("countess");
    expect(displayName({ ...nobody, lastName: "Lovelace", username: "countess" })).toBe("countess");
  });

  it("falls back to the e-mail's local part", () => {
    expect(displayName({ ...nobody, firstName: "Ada", email: "ada.l@example.com" })).toBe("ada.l");
  });

  it("treats blank values as missing", () => {
    expect(displayName({ ...nobody, firstName: " ", lastName: "Lovelace", username: "  ", email: "x@y.z" })).toBe("x");
  });

  it("says User when nothing is known", () => {
    expect(displayName(nobody)).toBe("User");
    expect(displayName({ ...nobody, email: "@example.com" })).toBe("User");
    expect(displayName(nobody, "Utilisateur")).toBe("Utilisateur");
  });
});

describe("userInitial", () => {
  it("uses the first letter of the first name", () => {
    expect(userInitial({ firstName: "Émile", email: "zed@example.com" })).toBe("É");
  });

  it("uses the e-mail's first letter uppercased", () => {
    expect(userInitial({ firstName: null, email: "zed@example.com" })).toBe("Z");
    expect(userInitial({ firstName: "", email: "zed@example.com" })).toBe("Z");
  });

  it("says U when nothing is known", () => {
    expect(userInitial({ firstName: null, email: null })).toBe("U");
  });
});
