import { dismissOverlays, expect, expectAccessible, signUp, test } from "./support";

test("switching to French makes the shell French, for good", async ({ page }) => {
  await dismissOverlays(page);
  await signUp(page);
  await page.getByRole("button", { name: /Change language/ }).click();
  await page.getByRole("menuitemradio", { name: "Français" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page).toHaveTitle("Tableau de bord · Lifegraph");
  const nav = page.getByRole("navigation", { name: "Navigation principale" });
  await expect(nav.getByRole("link", { name: "Souvenirs" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Chronologie" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Passer au thème sombre" })).toBeVisible();
  await expectAccessible(page, "dashboard in French");

  // Saved to the account, and kept after a reload.
  await expect.poll(async () => (await (await page.request.get("/api/auth/user")).json()).language).toBe("fr");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();

  // The account's language wins on a new device (empty storage) after sign-in.
  await page.evaluate(() => window.localStorage.removeItem("lifegraph.language"));
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
});

test("dark theme survives a reload, signed out and signed in", async ({ page }) => {
  await dismissOverlays(page);
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeVisible();
  await expectAccessible(page, "landing, dark");

  await signUp(page);
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.getByRole("button", { name: "Switch to light theme" }).click();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  await expect.poll(async () => (await (await page.request.get("/api/auth/user")).json()).theme).toBe("dark");
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expectAccessible(page, "dashboard, dark");
});

test("the theme follows the system preference by default", async ({ page }) => {
  await dismissOverlays(page);
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/");
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.emulateMedia({ colorScheme: "light" });
  await expect(page.locator("html")).not.toHaveClass(/dark/);
});

test("the cookie banner and the beta notice are remembered across reloads", async ({ page }) => {
  await page.goto("/");
  const banner = page.getByRole("region", { name: "Cookie preferences" });
  const beta = page.getByRole("region", { name: "Beta notice" });
  await expect(banner).toBeVisible();
  await expect(beta).toBeVisible();
  await expectAccessible(page, "landing with overlays");

  await banner.getByRole("button", { name: "Customize" }).click();
  const dialog = page.getByRole("dialog", { name: "Cookie preferences" });
  await expect(dialog.getByRole("switch", { name: "Essential" })).toBeDisabled();
  await expect(dialog.getByRole("switch", { name: "Essential" })).toBeChecked();
  await expectAccessible(page, "cookie dialog");
  await dialog.getByRole("switch", { name: "Analytics" }).click();
  await dialog.getByRole("button", { name: "Save Preferences" }).click();
  await expect(banner).toHaveCount(0);

  await beta.getByRole("button", { name: "I Understand" }).click();
  await expect(beta).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expect(beta).toHaveCount(0);
  const stored = await page.evaluate(() => ({
    cookies: JSON.parse(window.localStorage.getItem("lifegraph.cookieConsent") ?? "null"),
    beta: window.localStorage.getItem("lifegraph.betaAcknowledged"),
  }));
  expect(stored).toEqual({ cookies: { essential: true, analytics: true, functionality: false }, beta: "true" });

  await page.evaluate(() => window.localStorage.clear());
  await page.reload();
  await expect(banner).toBeVisible();
  await expect(beta).toBeVisible();
  await banner.getByRole("button", { name: "Accept All" }).click();
  await beta.getByRole("button", { name: "Close the beta notice" }).click();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expect(beta).toHaveCount(0);
});
