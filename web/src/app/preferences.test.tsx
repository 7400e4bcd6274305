import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { makeUser, signedInApi, signedOutApi } from "@/test/api";
import { renderApp } from "@/test/render";
import { watchTheme } from "@/lib/theme";

async function chooseFrench(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getAllByRole("button", { name: /Change language/ })[0]!);
  await user.click(await screen.findByRole("menuitemradio", { name: "Français" }));
}

describe("language", () => {
  it("switches signed out, keeps the choice locally and sets <html lang>", async () => {
    const user = userEvent.setup();
    const { requests } = signedOutApi();
    renderApp("/");
    await screen.findByRole("heading", { level: 1, name: "Your memories, linked into your life story" });
    await chooseFrench(user);
    expect(await screen.findByRole("heading", { level: 1, name: "Vos souvenirs, reliés en une histoire de vie" })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe("fr");
    expect(window.localStorage.getItem("lifegraph.language")).toBe("fr");
    expect(document.title).toBe("Vos souvenirs, reliés en une histoire de vie · Lifegraph");
    expect(requests.some((r) => r.method === "PATCH")).toBe(false);
  });

  it("saves the choice to the signed-in user", async () => {
    const user = userEvent.setup();
    const { requests } = signedInApi(makeUser(), {
      "PATCH /api/auth/user": ({ body }) => ({ body: makeUser(body as object) }),
    });
    renderApp("/");
    await screen.findByRole("heading", { level: 1, name: "Dashboard" });
    await chooseFrench(user);
    expect(await screen.findByRole("heading", { level: 1, name: "Tableau de bord" })).toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "Navigation principale" })).toBeInTheDocument();
    await waitFor(() =>
      expect(requests.filter((r) => r.method === "PATCH")).toEqual([{ method: "PATCH", path: "/api/auth/user", body: { language: "fr" } }]),
    );
  });

  it("only warns in the console when saving fails", async () => {
    const user = userEvent.setup();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    signedInApi(makeUser(), {
      "PATCH /api/auth/user": () => ({ status: 500, body: { message: "Internal error", code: "internal" } }),
      // The dashboard's own figures load, so that any alert on the page would be the save's.
      "GET /api/dashboard/stats": () => ({
        body: {
          memories: { total: 0, thisMonth: 0, withPhotos: 0, withoutPhotos: 0 },
          entities: { total: 0, thisMonth: 0, byType: { person: 0, location: 0, lifePeriod: 0, event: 0, emotion: 0, object: 0, activity: 0 } },
          activity: { topPeople: [], topEvents: [] },
        },
      }),
    });
    renderApp("/");
    await screen.findByRole("heading", { level: 1, name: "Dashboard" });
    await screen.findByRole("region", { name: "Statistics" });
    await chooseFrench(user);
    expect(await screen.findByRole("heading", { level: 1, name: "Tableau de bord" })).toBeInTheDocument();
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("takes the user's saved language on sign-in", async () => {
    window.localStorage.setItem("lifegraph.language", "en");
    signedInApi(makeUser({ language: "fr" }));
    renderApp("/");
    expect(await screen.findByRole("heading", { level: 1, name: "Tableau de bord" })).toBeInTheDocument();
    expect(window.localStorage.getItem("lifegraph.language")).toBe("fr");
  });
});

describe("theme", () => {
  it("toggles the dark class and saves it to the signed-in user", async () => {
    const user = userEvent.setup();
    const stop = watchTheme();
    const { requests } = signedInApi(makeUser(), {
      "PATCH /api/auth/user": ({ body }) => ({ body: makeUser(body as object) }),
    });
    renderApp("/");
    await user.click(await screen.findByRole("button", { name: "Switch to dark theme" }));
    expect(document.documentElement).toHaveClass("dark");
    expect(window.localStorage.getItem("lifegraph.theme")).toBe("dark");
    expect(screen.getByRole("button", { name: "Switch to light theme" })).toBeInTheDocument();
    await waitFor(() =>
      expect(requests.filter((r) => r.method === "PATCH")).toEqual([{ method: "PATCH", path: "/api/auth/user", body: { theme: "dark" } }]),
    );
    stop();
  });

  it("takes the user's saved theme on sign-in", async () => {
    const stop = watchTheme();
    window.localStorage.setItem("lifegraph.theme", "light");
    signedInApi(makeUser({ theme: "dark" }));
    renderApp("/");
    await screen.findByRole("heading", { level: 1, name: "Dashboard" });
    await waitFor(() => expect(document.documentElement).toHaveClass("dark"));
    stop();
  });

  it("keeps the local theme when the user has none saved", async () => {
    window.localStorage.setItem("lifegraph.theme", "dark");
    const stop = watchTheme();
    signedInApi(makeUser({ theme: null }));
    renderApp("/");
    await screen.findByRole("heading", { level: 1, name: "Dashboard" });
    expect(document.documentElement).toHaveClass("dark");
    stop();
  });
});
