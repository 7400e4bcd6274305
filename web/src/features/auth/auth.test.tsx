import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { authKeys } from "@/lib/auth/keys";
import { makeUser, signedInApi, signedOutApi } from "@/test/api";
import { renderApp } from "@/test/render";

const navigateTo = vi.hoisted(() => vi.fn());
vi.mock("@/lib/redirect", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/redirect")>()),
  navigateTo,
}));

beforeEach(() => navigateTo.mockReset());

describe("sign-up page", () => {
  it("refuses to continue until both consents are checked", async () => {
    const user = userEvent.setup();
    signedOutApi();
    renderApp("/register");
    await screen.findByRole("heading", { level: 1, name: "Create your account" });

    await user.click(screen.getByRole("button", { name: "Sign up" }));
    expect(await screen.findByText("Please accept both consents to create your account.")).toBeInTheDocument();
    expect(navigateTo).not.toHaveBeenCalled();

    await user.click(screen.getByRole("checkbox", { name: /processes my personal data/ }));
    await user.click(screen.getByRole("button", { name: "Sign up" }));
    expect(navigateTo).not.toHaveBeenCalled();
    expect(screen.getByRole("checkbox", { name: /at least 16 years old/ })).toHaveAttribute("aria-invalid", "true");
  });

  it("goes to /api/login with consent=1 and the redirect once both are checked", async () => {
    const user = userEvent.setup();
    signedOutApi();
    renderApp("/register?redirect=/timeline");
    await screen.findByRole("heading", { level: 1, name: "Create your account" });
    await user.click(screen.getByRole("checkbox", { name: /processes my personal data/ }));
    await user.click(screen.getByRole("checkbox", { name: /at least 16 years old/ }));
    await user.click(screen.getByRole("button", { name: "Sign up" }));
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith("/api/login?consent=1&redirect=%2Ftimeline"));
  });
});

describe("consent gate", () => {
  it("asks a signed-in user without consents before anything else, then continues", async () => {
    const user = userEvent.setup();
    const pending = makeUser({ consents: { dataProcessingAt: null, termsAt: "2026-11-01T10:00:00Z" } });
    let current = pending;
    const { requests } = signedInApi(pending, {
      "GET /api/auth/user": () => ({ body: current }),
      "POST /api/auth/consent": () => {
        current = makeUser();
        return { body: current };
      },
    });
    renderApp("/memories");
    expect(await screen.findByRole("heading", { level: 1, name: "Before you continue" })).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Main navigation" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Accept and continue" }));
    expect(requests.some((r) => r.method === "POST")).toBe(false);

    await user.click(screen.getByRole("checkbox", { name: /processes my personal data/ }));
    await user.click(screen.getByRole("checkbox", { name: /at least 16 years old/ }));
    await user.click(screen.getByRole("button", { name: "Accept and continue" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Memories" })).toBeInTheDocument();
    expect(requests.filter((r) => r.method === "POST")).toEqual([
      { method: "POST", path: "/api/auth/consent", body: { dataProcessing: true, terms: true } },
    ]);
  });

  it("stays on the consent screen and says so when the server refuses", async () => {
    const user = userEvent.setup();
    const pending = makeUser({ consents: { dataProcessingAt: null, termsAt: null } });
    signedInApi(pending, {
      "POST /api/auth/consent": () => ({ status: 400, body: { message: "Both required", code: "consent_required" } }),
    });
    renderApp("/");
    await screen.findByRole("heading", { level: 1, name: "Before you continue" });
    await user.click(screen.getByRole("checkbox", { name: /processes my personal data/ }));
    await user.click(screen.getByRole("checkbox", { name: /at least 16 years old/ }));
    await user.click(screen.getByRole("button", { name: "Accept and continue" }));
    expect(await screen.findByText("Your consent could not be saved.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Before you continue" })).toBeInTheDocument();
  });

  it("signs out with POST /api/logout, then leaves for /", async () => {
    const user = userEvent.setup();
    let signedIn = true;
    const pending = makeUser({ consents: { dataProcessingAt: null, termsAt: null } });
    const { requests } = signedInApi(pending, {
      "GET /api/auth/user": () =>
        signedIn ? { body: pending } : { status: 401, body: { message: "Not signed in", code: "unauthorized" } },
      "POST /api/logout": () => {
        signedIn = false;
        return { status: 204 };
      },
    });
    const { queryClient } = renderApp("/");
    await screen.findByRole("heading", { level: 1, name: "Before you continue" });
    let userWhenLeaving: unknown;
    navigateTo.mockImplementation(() => {
      userWhenLeaving = queryClient.getQueryData(authKeys.user());
    });

    await user.click(screen.getByRole("button", { name: "Sign out" }));

    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith("/"));
    expect(userWhenLeaving).toBeNull();
    expect(requests.filter((r) => r.method !== "GET")).toEqual([{ method: "POST", path: "/api/logout", body: undefined }]);
    expect(requests.some((r) => r.path === "/api/logout" && r.method === "GET")).toBe(false);
  });

  it("is disabled while signing out, and stays on the consent screen when it fails", async () => {
    const user = userEvent.setup();
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    signedInApi(makeUser({ consents: { dataProcessingAt: null, termsAt: null } }), {
      "POST /api/logout": () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    renderApp("/");
    await screen.findByRole("heading", { level: 1, name: "Before you continue" });
    const button = screen.getByRole("button", { name: "Sign out" });
    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());

    act(() => answer({ status: 429, body: { message: "Too many attempts", code: "rate_limited" } }));
    expect(await screen.findByText("You could not be signed out.")).toBeInTheDocument();
    expect(screen.getByText("Too many attempts. Please wait a moment and try again.")).toBeInTheDocument();
    await waitFor(() => expect(button).toBeEnabled());
    expect(navigateTo).not.toHaveBeenCalled();
    expect(screen.getByRole("heading", { level: 1, name: "Before you continue" })).toBeInTheDocument();
  });

  it("lets the user read it in French first", async () => {
    const user = userEvent.setup();
    const pending = makeUser({ consents: { dataProcessingAt: null, termsAt: null } });
    signedInApi(pending, { "PATCH /api/auth/user": () => ({ body: { ...pending, language: "fr" } }) });
    renderApp("/");
    await screen.findByRole("heading", { level: 1, name: "Before you continue" });
    await user.click(screen.getByRole("button", { name: /Change language/ }));
    await user.click(await screen.findByRole("menuitemradio", { name: "Français" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Avant de continuer" })).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: /au moins 16 ans/ })).toBeInTheDocument();
  });
});
