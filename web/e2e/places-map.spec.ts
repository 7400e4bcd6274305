import type { Page } from "@playwright/test";
import { dismissOverlays, expect, expectAccessible, postFromApp, signUp, test } from "./support";

/** A place through the API, as the entity screens create it. */
async function addPlace(page: Page, name: string, metadata: Record<string, unknown> = {}): Promise<number> {
  const response = await postFromApp(page, "/api/entities-with-metadata", { name, type: "location", metadata });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** The dashboard's "Explore graph" tab, then its map view (a tab, radio or toggle button). */
async function openMap(page: Page, labels: { tab: string; map: string }) {
  await page.getByRole("tab", { name: labels.tab }).click();
  const toggle = page
    .getByRole("tab", { name: labels.map, exact: true })
    .or(page.getByRole("radio", { name: labels.map, exact: true }))
    .or(page.getByRole("button", { name: labels.map, exact: true }));
  await toggle.click();
}

test("places map: a place with coordinates is a marker that leads to its memories, in both themes and languages", async ({ page }) => {
  test.setTimeout(90_000);
  await dismissOverlays(page);
  await signUp(page);

  const lyon = await addPlace(page, "Lyon", { latitude: 45.764043, longitude: 4.835659, category: "other" });
  await addPlace(page, "Chamonix", { latitude: 45.923697, longitude: 6.869433 });
  await addPlace(page, "Somewhere unknown");
  const memory = await postFromApp(page, "/api/memories/with-validation", {
    title: "Un week-end à Lyon",
    content: "Les quais du Rhône au soleil.",
    entities: [lyon],
  });
  expect(memory.status()).toBe(201);
  await page.reload();

  await openMap(page, { tab: "Explore graph", map: "Map" });
  const map = page.getByRole("group", { name: "Map of your places" });
  const marker = map.getByRole("link", { name: "Lyon: 1 memory" });
  await expect(marker).toBeVisible();
  await expect(map.getByRole("link", { name: "Chamonix: 0 memories" })).toBeVisible();
  await expect(page.getByText("1 place has no coordinates yet.")).toBeVisible();
  await expect(page.getByRole("list", { name: /Places on the map/ }).getByRole("listitem")).toHaveCount(2);
  // The offline basemap is drawn (no tile server is configured in the tests).
  await expect(map.locator("svg path").first()).toHaveAttribute("d", /^M/);
  expect(await map.locator("img").count()).toBe(0);

  // Hovering names the place; the zoom buttons move the markers apart.
  await marker.hover();
  await expect(map.getByText("Lyon", { exact: true })).toBeVisible();
  await expectAccessible(page, "places map");
  const chamonix = map.getByRole("link", { name: /^Chamonix/ });
  const gap = async () => {
    const [a, b] = [await marker.boundingBox(), await chamonix.boundingBox()];
    return Math.hypot(a!.x + a!.width / 2 - (b!.x + b!.width / 2), a!.y + a!.height / 2 - (b!.y + b!.height / 2));
  };
  const before = await gap();
  await page.getByRole("button", { name: "Zoom out" }).click();
  await expect.poll(gap).toBeLessThan(before * 0.6);
  await page.getByRole("button", { name: "Show all places" }).click();
  await expect.poll(gap).toBeGreaterThan(before * 0.9);

  // Dark theme stays readable.
  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expectAccessible(page, "places map, dark");

  // Following the marker opens the place's memories.
  await marker.click();
  await expect(page).toHaveURL(new RegExp(`/memories\\?filterEntity=${lyon}$`));
  await expect(page.getByText("Un week-end à Lyon")).toBeVisible();

  // In French.
  await page.goto("/");
  await page.getByRole("button", { name: /Change language/ }).click();
  await page.getByRole("menuitemradio", { name: "Français" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await openMap(page, { tab: "Explorer le graphe", map: "Carte" });
  const carte = page.getByRole("group", { name: "Carte de vos lieux" });
  await expect(carte.getByRole("link", { name: "Lyon : 1 souvenir" })).toBeVisible();
  await expect(page.getByText("1 lieu n’a pas encore de coordonnées.")).toBeVisible();
  await expectAccessible(page, "places map (fr)");
});
