import { dismissOverlays, expect, expectAccessible, signUp, test } from "./support";

test.use({ viewport: { width: 375, height: 740 } });

test("at 375 px the drawer opens and closes", async ({ page }) => {
  await dismissOverlays(page);
  await signUp(page);
  await expect(page.getByTestId("sidebar")).toBeHidden();
  const drawer = page.getByTestId("mobile-drawer");
  await expect(drawer).toHaveCount(0);

  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  await expectAccessible(page, "mobile drawer");

  await drawer.getByRole("button", { name: "Close menu" }).click();
  await expect(drawer).toHaveCount(0);

  await page.getByRole("button", { name: "Open menu" }).click();
  await page.keyboard.press("Escape");
  await expect(drawer).toHaveCount(0);

  await page.getByRole("button", { name: "Open menu" }).click();
  await drawer.getByRole("link", { name: "Friends" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Friends" })).toBeVisible();
  await expect(drawer).toHaveCount(0);

  // Forced closed when the viewport becomes desktop.
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(drawer).toBeVisible();
  await page.setViewportSize({ width: 1024, height: 740 });
  await expect(drawer).toHaveCount(0);
  await expect(page.getByTestId("sidebar")).toBeVisible();
});

test("the signed-out pages fit a phone", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page, "landing at 375 px");
});
