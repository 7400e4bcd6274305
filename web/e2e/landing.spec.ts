import { dismissOverlays, expect, expectAccessible, test } from "./support";

test.describe("signed out", () => {
  test.beforeEach(async ({ page }) => dismissOverlays(page));

  test("landing page: hero, four value cards, sign-in buttons and legal links", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Your memories, linked into your life story" })).toBeVisible();
    await expect(page).toHaveTitle("Your memories, linked into your life story · Lifegraph");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 3 })).toHaveText([
      "For your future self",
      "See your journey",
      "For your loved ones",
      "Remember your dreams",
    ]);
    for (const name of ["Sign in", "I already have an account", "Sign in to begin"]) {
      await expect(page.getByRole("link", { name, exact: true })).toHaveAttribute("href", "/api/login");
    }
    await expectAccessible(page, "/");

    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy policy" }).click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await expect(page.getByRole("heading", { level: 1, name: "Privacy policy" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveCount(9);
    await expectAccessible(page, "/privacy-policy");

    await page.getByRole("contentinfo").getByRole("link", { name: "Terms of service" }).click();
    await expect(page).toHaveURL(/\/terms-of-service$/);
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveCount(12);
    await expectAccessible(page, "/terms-of-service");
  });

  test("sign-in and sign-up pages", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome back" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Sign in", exact: true })).toHaveAttribute("href", "/api/login");
    await expectAccessible(page, "/login");
    await page.getByRole("link", { name: "Back to home" }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto("/register");
    await expect(page.getByRole("heading", { level: 1, name: "Create your account" })).toBeVisible();
    await expectAccessible(page, "/register");
    await page.getByRole("main").getByRole("button", { name: "Sign up" }).click();
    await expect(page.getByText("Please accept both consents to create your account.")).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
    await expectAccessible(page, "/register with the consent toast");
  });

  test("unknown paths go to / and signed-in pages keep a redirect", async ({ page }) => {
    await page.goto("/no/such/page");
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/timeline");
    await expect(page).toHaveURL(/\/\?redirect=%2Ftimeline$/);
    await expect(page.getByRole("link", { name: "Sign in to begin" })).toHaveAttribute("href", "/api/login?redirect=%2Ftimeline");
  });

  test("the signed-out API answers 401 for the user", async ({ request }) => {
    const response = await request.get("/api/auth/user");
    expect(response.status()).toBe(401);
    expect(await response.json()).toMatchObject({ code: "unauthorized" });
  });
});
