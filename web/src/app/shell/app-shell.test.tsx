import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authKeys } from "@/lib/auth/keys";
import { makeUser, signedInApi } from "@/test/api";
import { setViewportWidth } from "@/test/media";
import { renderApp } from "@/test/render";
import { badgeText } from "@/features/notifications/components/notification-bell";

const navigateTo = vi.hoisted(() => vi.fn());
vi.mock("@/lib/redirect", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/redirect")>()),
  navigateTo,
}));

beforeEach(() => navigateTo.mockReset());
afterEach(() => vi.useRealTimers());

describe("header", () => {
  it("shows the initial and display name, and the user menu", async () => {
    const user = userEvent.setup();
    signedInApi(makeUser({ firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" }));
    renderApp("/");
    const trigger = await screen.findByTestId("user-menu-trigger");
    expect(trigger).toHaveTextContent("AAda Lovelace");
    await user.click(trigger);
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByText("ada@example.com")).toBeInTheDocument();
    expect(within(menu).getByRole("menuitem", { name: "Settings" })).toHaveAttribute("href", "/settings");
    expect(within(menu).getByRole("menuitem", { name: "Friends" })).toHaveAttribute("href", "/friends");
    expect(within(menu).getByRole("menuitem", { name: "Tutorial" })).toHaveAttribute("href", "/tutorial");
    const signOut = within(menu).getByRole("menuitem", { name: "Sign out" });
    expect(signOut).not.toHaveAttribute("href");
    expect(signOut).not.toHaveAttribute("aria-disabled");
    expect(within(menu).queryByRole("menuitem", { name: "Administration" })).not.toBeInTheDocument();
  });

  it("falls back to the e-mail for the name and initial", async () => {
    signedInApi(makeUser({ firstName: null, lastName: null, username: null, email: "zed@example.com" }));
    renderApp("/");
    expect(await screen.findByTestId("user-menu-trigger")).toHaveTextContent("Zzed");
  });

  it("offers the admin page to the administrator", async () => {
    const user = userEvent.setup();
    signedInApi(makeUser({ id: 1, isAdmin: true }));
    renderApp("/");
    await user.click(await screen.findByTestId("user-menu-trigger"));
    expect(await screen.findByRole("menuitem", { name: "Administration" })).toHaveAttribute("href", "/admin");
  });

  it("hides the badge at 0", async () => {
    const { requests } = signedInApi(makeUser(), {}, 0);
    renderApp("/");
    await screen.findByRole("button", { name: "Notifications" });
    await waitFor(() => expect(requests.some((r) => r.path === "/api/notifications/unread-count")).toBe(true));
    expect(screen.queryByTestId("notification-badge")).not.toBeInTheDocument();
  });

  it("shows 9+ above 9 unread notifications", async () => {
    const user = userEvent.setup();
    signedInApi(makeUser(), {}, 12);
    renderApp("/");
    expect(await screen.findByTestId("notification-badge")).toHaveTextContent("9+");
    const bell = screen.getByRole("button", { name: "Notifications, 12 unread" });
    await user.click(bell);
    expect(await screen.findByText("You have 12 unread notifications.")).toBeInTheDocument();
  });

  it("polls the unread count every 30 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let count = 0;
    const { requests } = signedInApi(makeUser(), {
      "GET /api/notifications/unread-count": () => ({ body: { count: ++count } }),
    });
    renderApp("/");
    expect(await screen.findByTestId("notification-badge")).toHaveTextContent("1");
    const countRequests = () => requests.filter((r) => r.path === "/api/notifications/unread-count").length;
    expect(countRequests()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(countRequests()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    await waitFor(() => expect(screen.getByTestId("notification-badge")).toHaveTextContent("2"));
    expect(countRequests()).toBe(2);
  });

  it("computes badge texts", () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(1)).toBe("1");
    expect(badgeText(9)).toBe("9");
    expect(badgeText(10)).toBe("9+");
  });
});

describe("sign out", () => {
  it("POSTs /api/logout, empties the query cache, then leaves for /", async () => {
    const user = userEvent.setup();
    let signedIn = true;
    const { requests } = signedInApi(makeUser(), {
      "GET /api/auth/user": () =>
        signedIn ? { body: makeUser() } : { status: 401, body: { message: "Not signed in", code: "unauthorized" } },
      "POST /api/logout": () => {
        signedIn = false;
        return { status: 204 };
      },
    });
    const { queryClient } = renderApp("/");
    await screen.findByRole("heading", { level: 1, name: "Dashboard" });
    expect(queryClient.getQueryCache().getAll().length).toBeGreaterThan(1);
    let cacheWhenLeaving: unknown = null;
    navigateTo.mockImplementation(() => {
      cacheWhenLeaving = queryClient.getQueryCache().getAll().map((query) => [query.queryKey, query.state.data]);
    });

    await user.click(screen.getByTestId("user-menu-trigger"));
    await user.click(await screen.findByRole("menuitem", { name: "Sign out" }));

    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith("/"));
    expect(navigateTo).toHaveBeenCalledTimes(1);
    // Nothing of the signed-in user is left: only the user query, saying no one is signed in.
    expect(cacheWhenLeaving).toEqual([[["auth", "user"], null]]);
    expect(queryClient.getMutationCache().getAll()).toEqual([]);
    expect(requests.filter((r) => r.method !== "GET")).toEqual([{ method: "POST", path: "/api/logout", body: undefined }]);
    expect(requests.some((r) => r.path === "/api/logout" && r.method === "GET")).toBe(false);
    // The signed-out screens replace the signed-in ones while the browser leaves.
    expect(
      await screen.findByRole("heading", { level: 1, name: "Your memories, linked into your life story" }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId("user-menu-trigger")).not.toBeInTheDocument();
  });

  it("is disabled while it runs; on failure says so in a toast and stays", async () => {
    const user = userEvent.setup();
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    signedInApi(makeUser(), {
      "POST /api/logout": () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    const { queryClient } = renderApp("/");
    await screen.findByRole("heading", { level: 1, name: "Dashboard" });

    await user.click(screen.getByTestId("user-menu-trigger"));
    const item = await screen.findByRole("menuitem", { name: "Sign out" });
    await user.click(item);
    await waitFor(() => expect(item).toHaveAttribute("aria-disabled", "true"));

    act(() =>
      answer({
        status: 403,
        body: { message: "This request must come from the Lifegraph app", code: "cross_site_request" },
      }),
    );
    expect(await screen.findByText("You could not be signed out.")).toBeInTheDocument();
    expect(
      screen.getByText(
        "This request did not come from the Lifegraph app, so it was refused. Please reload the page and try again.",
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(item).not.toHaveAttribute("aria-disabled"));
    expect(navigateTo).not.toHaveBeenCalled();
    expect(screen.getByRole("heading", { level: 1, name: "Dashboard" })).toBeInTheDocument();
    expect(queryClient.getQueryData(authKeys.user())).toMatchObject({ firstName: "Ada" });
  });
});

describe("sidebar", () => {
  it("highlights the current route", async () => {
    signedInApi(makeUser());
    renderApp("/entities/people");
    const sidebar = await screen.findByTestId("sidebar");
    expect(within(sidebar).getByRole("link", { name: "People" })).toHaveAttribute("aria-current", "page");
    expect(within(sidebar).getByRole("link", { name: "Dashboard" })).not.toHaveAttribute("aria-current");
  });

  it("lists the links of docs/screens.md in order", async () => {
    signedInApi(makeUser());
    renderApp("/");
    const sidebar = await screen.findByTestId("sidebar");
    const nav = within(sidebar).getByRole("navigation", { name: "Main navigation" });
    expect(within(nav).getAllByRole("link").map((link) => link.getAttribute("href"))).toEqual([
      "/",
      "/memories",
      "/timeline",
      "/entities",
      "/entities/periods",
      "/entities/people",
      "/entities/objects",
      "/entities/activities",
      "/entities/locations",
      "/entities/emotions",
      "/feedback",
      "/friends",
      "/settings",
      "/tutorial",
    ]);
  });

  it("collapses and reopens from the header", async () => {
    const user = userEvent.setup();
    signedInApi(makeUser());
    renderApp("/");
    await screen.findByTestId("sidebar");
    await user.click(screen.getByRole("button", { name: "Collapse sidebar" }));
    expect(screen.queryByTestId("sidebar")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Open sidebar" }));
    expect(screen.getByTestId("sidebar")).toBeInTheDocument();
  });
});

describe("mobile drawer", () => {
  it("is closed by default, opens from the menu button and closes when the viewport becomes desktop", async () => {
    const user = userEvent.setup();
    setViewportWidth(375);
    signedInApi(makeUser());
    renderApp("/");
    await screen.findByRole("heading", { level: 1, name: "Dashboard" });
    expect(screen.queryByTestId("mobile-drawer")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    const drawer = await screen.findByTestId("mobile-drawer");
    expect(within(drawer).getByRole("link", { name: "Memories" })).toBeInTheDocument();
    act(() => setViewportWidth(1024));
    await waitFor(() => expect(screen.queryByTestId("mobile-drawer")).not.toBeInTheDocument());
  });

  it("closes after following a link", async () => {
    const user = userEvent.setup();
    setViewportWidth(375);
    signedInApi(makeUser());
    renderApp("/");
    await user.click(await screen.findByRole("button", { name: "Open menu" }));
    const drawer = await screen.findByTestId("mobile-drawer");
    await user.click(within(drawer).getByRole("link", { name: "Timeline" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Timeline" })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId("mobile-drawer")).not.toBeInTheDocument());
  });
});
