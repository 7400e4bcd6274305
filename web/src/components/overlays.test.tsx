import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { signedOutApi } from "@/test/api";
import { renderApp } from "@/test/render";

const stored = () => JSON.parse(window.localStorage.getItem("lifegraph.cookieConsent") ?? "null") as unknown;

describe("cookie-consent banner", () => {
  it("accepts all", async () => {
    const user = userEvent.setup();
    signedOutApi();
    renderApp("/");
    const banner = await screen.findByRole("region", { name: "Cookie preferences" });
    await user.click(within(banner).getByRole("button", { name: "Accept All" }));
    expect(screen.queryByRole("region", { name: "Cookie preferences" })).not.toBeInTheDocument();
    expect(stored()).toEqual({ essential: true, analytics: true, functionality: true });
  });

  it("rejects non-essential", async () => {
    const user = userEvent.setup();
    signedOutApi();
    renderApp("/");
    await user.click(await screen.findByRole("button", { name: "Reject Non-Essential" }));
    expect(stored()).toEqual({ essential: true, analytics: false, functionality: false });
    expect(screen.queryByRole("region", { name: "Cookie preferences" })).not.toBeInTheDocument();
  });

  it("customizes with essential locked on", async () => {
    const user = userEvent.setup();
    signedOutApi();
    renderApp("/");
    await user.click(await screen.findByRole("button", { name: "Customize" }));
    const dialog = await screen.findByRole("dialog", { name: "Cookie preferences" });
    const essential = within(dialog).getByRole("switch", { name: "Essential" });
    expect(essential).toBeChecked();
    expect(essential).toBeDisabled();
    const analytics = within(dialog).getByRole("switch", { name: "Analytics" });
    const functionality = within(dialog).getByRole("switch", { name: "Functionality" });
    expect(analytics).not.toBeChecked();
    await user.click(functionality);
    await user.click(within(dialog).getByRole("button", { name: "Save Preferences" }));
    expect(stored()).toEqual({ essential: true, analytics: false, functionality: true });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Cookie preferences" })).not.toBeInTheDocument();
  });

  it("is not shown once a choice is stored, and asks again when storage is cleared", async () => {
    window.localStorage.setItem("lifegraph.cookieConsent", JSON.stringify({ essential: true, analytics: false, functionality: false }));
    signedOutApi();
    const first = renderApp("/");
    await screen.findByRole("heading", { level: 1, name: "Your memories, linked into your life story" });
    expect(screen.queryByRole("region", { name: "Cookie preferences" })).not.toBeInTheDocument();
    first.unmount();
    window.localStorage.clear();
    renderApp("/");
    expect(await screen.findByRole("region", { name: "Cookie preferences" })).toBeInTheDocument();
  });
});

describe("beta notice", () => {
  it.each(["I Understand", "Close the beta notice"])("is dismissed with %s and remembered", async (name) => {
    const user = userEvent.setup();
    signedOutApi();
    const first = renderApp("/");
    const notice = await screen.findByRole("region", { name: "Beta notice" });
    await user.click(within(notice).getByRole("button", { name }));
    expect(screen.queryByRole("region", { name: "Beta notice" })).not.toBeInTheDocument();
    expect(window.localStorage.getItem("lifegraph.betaAcknowledged")).toBe("true");
    first.unmount();
    renderApp("/");
    await screen.findByRole("heading", { level: 1, name: "Your memories, linked into your life story" });
    expect(screen.queryByRole("region", { name: "Beta notice" })).not.toBeInTheDocument();
  });
});
