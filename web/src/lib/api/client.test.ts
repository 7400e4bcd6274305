import { describe, expect, it } from "vitest";
import { mockApi } from "@/test/api";
import { getUser } from "@/lib/auth/get-user";
import { ApiError, api, unwrap } from "./client";
import { errorMessage } from "./errors";
import { changeLanguage, i18n } from "@/lib/i18n";
import en from "@/locales/en.json";
import fr from "@/locales/fr.json";

describe("the API client", () => {
  it("sends JSON with credentials and returns the parsed body", async () => {
    const { requests, fetchMock } = mockApi({ "PATCH /api/auth/user": ({ body }) => ({ body: { echoed: body } }) });
    await expect(unwrap(api.PATCH("/api/auth/user", { body: { theme: "dark" } }))).resolves.toEqual({
      echoed: { theme: "dark" },
    });
    expect(requests).toEqual([{ method: "PATCH", path: "/api/auth/user", body: { theme: "dark" } }]);
    const sent = fetchMock.mock.calls[0]?.[0] as Request;
    expect(sent.credentials).toBe("include");
    expect(sent.headers.get("Content-Type")).toBe("application/json");
  });

  it("fails with status, code and the docs/errors.md message", async () => {
    mockApi({ "POST /api/auth/consent": () => ({ status: 400, body: { message: "Both consents", code: "consent_required" } }) });
    const error = await unwrap(api.POST("/api/auth/consent", { body: { dataProcessing: false, terms: false } })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.code).toBe("consent_required");
    expect(apiError.message).toBe('400: {"message":"Both consents","code":"consent_required"}');
    expect(errorMessage(apiError, i18n.t)).toBe("Please accept both consents to continue.");
  });

  it("shows the server's message for codes the interface does not know", () => {
    const error = new ApiError(409, "Conflict", JSON.stringify({ message: "Already there", code: "conflict" }));
    expect(errorMessage(error, i18n.t)).toBe("Already there");
  });

  it("shows a French text, not the server's English, for every code the server can answer", async () => {
    await changeLanguage("fr");
    const english = new Set(Object.values(en.errors.codes));
    for (const code of Object.keys(fr.errors.codes)) {
      const text = errorMessage(new ApiError(400, "", JSON.stringify({ message: "English server text", code })), i18n.t);
      expect({ code, text }).toEqual({ code, text: fr.errors.codes[code as keyof typeof fr.errors.codes] });
      expect({ code, english: english.has(text) }).toEqual({ code, english: false });
    }
    expect(errorMessage(new ApiError(500, "", JSON.stringify({ message: "x", code: "internal_error" })), i18n.t)).toBe(
      "Un problème est survenu de notre côté. Veuillez réessayer.",
    );
  });

  it("translates the codes of the hardened server", async () => {
    const refused = (status: number, code: string) =>
      new ApiError(status, "", JSON.stringify({ message: "English server text", code }));
    expect(errorMessage(refused(429, "rate_limited"), i18n.t)).toBe("Too many attempts. Please wait a moment and try again.");
    expect(errorMessage(refused(400, "image_too_large"), i18n.t)).toBe(
      "This picture has too many pixels - Please select an image of at most 50 megapixels.",
    );
    await changeLanguage("fr");
    expect(errorMessage(refused(403, "cross_site_request"), i18n.t)).toBe(
      "Cette demande ne provient pas de l’application Lifegraph et a été refusée. Veuillez recharger la page et réessayer.",
    );
    expect(errorMessage(refused(400, "too_many_aliases"), i18n.t)).toBe("Une entité peut avoir au plus 50 alias.");
  });
});

describe("getUser", () => {
  it("answers null on 401", async () => {
    mockApi({ "GET /api/auth/user": () => ({ status: 401, body: { message: "no", code: "unauthorized" } }) });
    await expect(getUser()).resolves.toBeNull();
  });

  it("still fails on other errors", async () => {
    mockApi({ "GET /api/auth/user": () => ({ status: 500, body: { message: "Internal error", code: "internal" } }) });
    await expect(getUser()).rejects.toBeInstanceOf(ApiError);
  });
});
