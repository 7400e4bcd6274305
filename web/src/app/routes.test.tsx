import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeUser, signedInApi, signedOutApi } from "@/test/api";
import { renderApp } from "@/test/render";

describe("signed-out routes", () => {
  it("shows the landing page at /", async () => {
    signedOutApi();
    renderApp("/");
    expect(await screen.findByRole("heading", { level: 1, name: "Your memories, linked into your life story" })).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual([
      "For your future self",
      "See your journey",
      "For your loved ones",
      "Remember your dreams",
    ]);
    for (const link of screen.getAllByRole("link", { name: /sign in|I already have an account/i })) {
      expect(link).toHaveAttribute("href", "/api/login");
    }
    expect(screen.getByRole("link", { name: "Privacy policy" })).toHaveAttribute("href", "/privacy-policy");
    expect(screen.getByRole("link", { name: "Terms of service" })).toHaveAttribute("href", "/terms-of-service");
  });

  it("sends an unknown path to /", async () => {
    signedOutApi();
    const { router } = renderApp("/no/such/page");
    await screen.findByRole("heading", { level: 1, name: "Your memories, linked into your life story" });
    expect(router.state.location.pathname).toBe("/");
    expect(router.state.location.search).toBe("");
  });

  it("sends a signed-in page to / with a redirect that sign-in buttons carry", async () => {
    signedOutApi();
    const { router } = renderApp("/memories?filterEntity=4");
    await screen.findByRole("heading", { level: 1, name: "Your memories, linked into your life story" });
    expect(router.state.location.pathname).toBe("/");
    expect(new URLSearchParams(router.state.location.search).get("redirect")).toBe("/memories?filterEntity=4");
    expect(screen.getByRole("link", { name: "I already have an account" })).toHaveAttribute(
      "href",
      `/api/login?redirect=${encodeURIComponent("/memories?filterEntity=4")}`,
    );
  });

  it("shows the sign-in page with its button to /api/login", async () => {
    signedOutApi();
    renderApp("/login?redirect=/timeline");
    expect(await screen.findByRole("heading", { level: 1, name: "Welcome back" })).toBeInTheDocument();
    const main = screen.getByRole("main");
    expect(main.querySelector('a[href="/api/login?redirect=%2Ftimeline"]')).toHaveTextContent("Sign in");
    expect(screen.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
    expect(document.title).toBe("Sign in · Lifegraph");
  });

  it("shows the legal pages with their numbered sections", async () => {
    signedOutApi();
    renderApp("/privacy-policy");
    expect(await screen.findByRole("heading", { level: 1, name: "Privacy policy" })).toBeInTheDocument();
    expect(within(screen.getByRole("main")).getAllByRole("heading", { level: 2 })).toHaveLength(9);
    expect(screen.getByRole("heading", { level: 2, name: "4. Entity extraction" })).toBeInTheDocument();
    expect(screen.getByText(/Last updated: November 22, 2026/)).toBeInTheDocument();
    expect(screen.getByText(/Contact the administrator of your Lifegraph installation/)).toBeInTheDocument();
  });

  it("shows 12 sections of terms", async () => {
    signedOutApi();
    renderApp("/terms-of-service");
    expect(await screen.findByRole("heading", { level: 1, name: "Terms of service" })).toBeInTheDocument();
    expect(within(screen.getByRole("main")).getAllByRole("heading", { level: 2 })).toHaveLength(12);
    expect(screen.getByRole("heading", { level: 2, name: "2. Minimum age" })).toBeInTheDocument();
  });

  it("shows a shared memory page signed out", async () => {
    signedOutApi();
    renderApp("/shared/abc");
    // An unknown link reads as a faded one.
    expect(await screen.findByRole("heading", { level: 1, name: "This memory has faded" })).toBeInTheDocument();
  });
});

describe("signed-in routes", () => {
  it("shows the dashboard at / inside the shell", async () => {
    signedInApi(makeUser());
    renderApp("/");
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeInTheDocument();
    expect(screen.getAllByRole("navigation", { name: "Main navigation" }).length).toBeGreaterThan(0);
    expect(document.title).toBe("Dashboard · Lifegraph");
  });

  it("follows the redirect parameter", async () => {
    signedInApi(makeUser());
    const { router } = renderApp("/?redirect=/memories");
    expect(await screen.findByRole("heading", { level: 1, name: "Memories" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/memories");
  });

  it("ignores a redirect to another site", async () => {
    signedInApi(makeUser());
    const { router } = renderApp("/?redirect=//evil.example");
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
  });

  it.each(["/login", "/register"])("sends %s to /", async (path) => {
    signedInApi(makeUser());
    const { router } = renderApp(path);
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
  });

  it("sends an unknown path to /", async () => {
    signedInApi(makeUser());
    const { router } = renderApp("/nowhere");
    await screen.findByRole("heading", { level: 1, name: "Dashboard" });
    expect(router.state.location.pathname).toBe("/");
  });

  it.each([
    ["/memories", "Memories"],
    ["/memories/7", "Memory not found"],
    ["/memories/7/edit", "Memory not found"],
    ["/timeline", "Timeline"],
    ["/entities", "Entities"],
    ["/entities/people", "People"],
    ["/entities/periods", "Periods/Events"],
    ["/friends", "Friends"],
    ["/friends/accept?token=t", "Friend invitation"],
    ["/feedback", "Feedback"],
    ["/settings", "Settings"],
    ["/settings/appearance", "Settings"],
    ["/tutorial", "Tutorial"],
    ["/shared/abc", "This memory has faded"],
    ["/privacy-policy", "Privacy policy"],
    ["/terms-of-service", "Terms of service"],
  ])("shows %s titled %s", async (path, title) => {
    signedInApi(makeUser());
    renderApp(path);
    expect(await screen.findByRole("heading", { level: 1, name: title })).toBeInTheDocument();
    expect(document.title).toBe(`${title} · Lifegraph`);
  });

  it("sends an unknown settings tab to /settings", async () => {
    signedInApi(makeUser());
    const { router } = renderApp("/settings/bogus");
    await screen.findByRole("heading", { level: 1, name: "Settings" });
    expect(router.state.location.pathname).toBe("/settings");
  });

  it("shows the entity-type-not-found card for an unknown type", async () => {
    signedInApi(makeUser());
    renderApp("/entities/dragons");
    expect(await screen.findByRole("heading", { name: "Entity type not found" })).toBeInTheDocument();
    expect(screen.getByText("The entity type you're looking for doesn't exist")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to dashboard" })).toHaveAttribute("href", "/");
  });

  it("sends a non-admin away from /admin", async () => {
    signedInApi(makeUser({ isAdmin: false }));
    const { router } = renderApp("/admin");
    await screen.findByRole("heading", { level: 1, name: "Dashboard" });
    expect(router.state.location.pathname).toBe("/");
  });

  it("shows /admin to the administrator", async () => {
    signedInApi(makeUser({ id: 1, isAdmin: true }));
    renderApp("/admin");
    expect(await screen.findByRole("heading", { level: 1, name: "Administration" })).toBeInTheDocument();
  });
});

describe("session errors", () => {
  it("offers a retry when the server fails", async () => {
    let fail = true;
    signedOutApi({
      "GET /api/auth/user": () => (fail ? { status: 500, body: { message: "boom", code: "internal" } } : { status: 401, body: { message: "", code: "unauthorized" } }),
    });
    renderApp("/");
    const retry = await screen.findByRole("button", { name: "Try again" });
    fail = false;
    retry.click();
    await waitFor(() => expect(screen.getByRole("heading", { level: 1, name: "Your memories, linked into your life story" })).toBeInTheDocument());
  });
});

describe("session end", () => {
  it("moves to the signed-out screens when another request answers 401", async () => {
    let signedIn = true;
    signedOutApi({
      "GET /api/auth/user": () =>
        signedIn ? { body: makeUser() } : { status: 401, body: { message: "Not signed in", code: "unauthorized" } },
      "GET /api/notifications/unread-count": () => {
        signedIn = false;
        return { status: 401, body: { message: "Not signed in", code: "unauthorized" } };
      },
    });
    renderApp("/timeline");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Your memories, linked into your life story" }),
    ).toBeInTheDocument();
  });
});
