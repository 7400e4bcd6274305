import { dismissOverlays, expect, expectAccessible, test } from "./support";

// A second server started with --oidc-issuer pointing at e2e/oidc/provider.mjs.
const appUrl = process.env.E2E_OIDC_APP_URL ?? "http://127.0.0.1:18081";

test.use({ baseURL: appUrl });

test("sign in through the OpenID provider lands signed in with the claimed name", async ({ page }) => {
  await dismissOverlays(page);
  await page.goto("/register");
  await page.getByRole("main").getByRole("checkbox", { name: /processes my personal data/ }).check();
  await page.getByRole("main").getByRole("checkbox", { name: /at least 16/ }).check();
  await page.getByRole("main").getByRole("button", { name: "Sign up" }).click();

  // oidc-provider's development login: any login and password are accepted.
  await expect(page).toHaveURL(/127\.0\.0\.1:9477|\/interaction\//);
  const login = `grace.hopper${Date.now().toString(36)}`;
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  // Consent screen of the provider.
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page).toHaveURL(`${appUrl}/`);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByTestId("user-display-name")).toHaveText(/^Grace Hopper/);
  const user = await (await page.request.get("/api/auth/user")).json();
  expect(user.email).toBe(`${login}@example.test`);
  expect(user.firstName).toBe("Grace");
  expect(user.consents.termsAt).toEqual(expect.any(String));
  await expectAccessible(page, "dashboard after OIDC sign-in");
});

test("a callback with a wrong state is refused and leaves the user signed out", async ({ page }) => {
  await dismissOverlays(page);
  // Start a real sign-in so the server holds a state for this browser, then answer with another.
  const start = await page.request.get("/api/login", { maxRedirects: 0 });
  expect(start.status()).toBeGreaterThanOrEqual(300);
  expect(start.status()).toBeLessThan(400);
  expect(start.headers()["location"]).toContain("127.0.0.1:9477");

  const response = await page.request.get("/api/auth/callback?code=x&state=wrong", { maxRedirects: 0 });
  expect(response.status()).toBe(400);
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Your memories, linked into your life story" })).toBeVisible();
});
