import type { Locator, Page } from "@playwright/test";
import { dismissOverlays, expect, expectAccessible, postFromApp, signUp, test } from "./support";

// The timeline (issue 12): periods added through the period dialog, bars per level, zoom with the
// buttons, the wheel and the keys, the minimap, a selection with the memories of the periods inside
// it, and the notice on a phone. The view's texts ("Centred on …") lag up to 150 ms behind a move:
// every check waits for what a person would eventually see (toHaveText, expect.poll).

async function period(page: Page, name: string, metadata: Record<string, unknown>): Promise<number> {
  const response = await postFromApp(page, "/api/entities-with-metadata", { name, type: "lifePeriod", metadata });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function memory(page: Page, title: string, entities: number[], eventDate?: string) {
  const response = await postFromApp(page, "/api/memories/with-validation", { title, content: `About ${title}.`, entities, ...(eventDate && { eventDate }) });
  expect(response.status()).toBe(201);
}

async function periodId(bar: Locator): Promise<number> {
  return Number(await bar.getAttribute("data-period-id"));
}

/** The year in "Centred on 2001". */
async function centredYear(page: Page): Promise<number> {
  const text = (await page.getByTestId("timeline-centred").textContent()) ?? "";
  const match = /Centred on (\d{4})/.exec(text);
  return match ? Number(match[1]) : Number.NaN;
}

/** A drag with the mouse, in small steps, from the middle of `target` by `dx` pixels. */
async function dragBy(page: Page, target: Locator, dx: number) {
  const box = (await target.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++) await page.mouse.move(x + (dx * step) / 10, y);
  await page.mouse.up();
}

test("the timeline: periods added by dialog at their levels, zoom, minimap, a selection's memories", async ({ page }) => {
  test.setTimeout(120_000);
  await dismissOverlays(page);
  await signUp(page);

  // The empty timeline, reached from the sidebar.
  await page.getByTestId("sidebar").getByRole("link", { name: "Timeline" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Timeline" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No periods yet" })).toBeVisible();
  await expect(page.getByText("This timeline is best viewed on a larger screen.")).toHaveCount(0);
  await expectAccessible(page, "empty timeline");

  // A parent period through the add dialog.
  await page.getByRole("button", { name: "Add your first period" }).click();
  let dialog = page.getByRole("dialog", { name: "Add: Period/Event" });
  await dialog.getByLabel("Name", { exact: true }).fill("Childhood");
  await dialog.getByLabel("Start date").fill("1990-03-02");
  await dialog.getByLabel("End date").fill("2001-08-31");
  await dialog.getByLabel("Description").fill("The house by the river.");
  await expectAccessible(page, "timeline add-period dialog");
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Period created").first()).toBeVisible();
  const track = page.getByTestId("timeline-track");
  await expect(track).toBeVisible();
  const childhood = track.getByRole("button", { name: "Childhood, 1990 – 2001, level 1" });
  await expect(childhood).toBeVisible();

  // A child period, placed in its parent with the "Part of" chooser.
  await page.getByRole("button", { name: "Add period" }).click();
  dialog = page.getByRole("dialog", { name: "Add: Period/Event" });
  await dialog.getByLabel("Name", { exact: true }).fill("Primary school");
  await dialog.getByLabel("Start date").fill("1996-09-01");
  await dialog.getByLabel("End date").fill("2001-06-30");
  await dialog.getByLabel("Part of").selectOption({ label: "Childhood" });
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await expect(dialog).toBeHidden();
  const school = track.getByRole("button", { name: "Primary school, 1996 – 2001, level 2" });
  await expect(school).toBeVisible();

  // A one-day event inside the child: no end date to give.
  await page.getByRole("button", { name: "Add period" }).click();
  dialog = page.getByRole("dialog", { name: "Add: Period/Event" });
  await dialog.getByLabel("Name", { exact: true }).fill("First bike");
  await dialog.getByLabel("One-day event").check();
  await expect(dialog.getByLabel("End date")).toBeHidden();
  await dialog.getByLabel("Start date").fill("1997-05-04");
  await dialog.getByLabel("Part of").selectOption({ label: "Primary school" });
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await expect(dialog).toBeHidden();
  const bike = track.getByRole("button", { name: "First bike, May 4, 1997, level 3" });
  await expect(bike).toBeVisible();

  // One level per row, top to bottom.
  const top = async (bar: Locator) => (await bar.boundingBox())!.y;
  expect(await top(childhood)).toBeLessThan(await top(school));
  expect(await top(school)).toBeLessThan(await top(bike));

  // Another period, with no memory, and memories of the childhood, of its school years and of the
  // bike, and one of no period, written through the API.
  const university = await period(page, "University in Lyon", { startDate: "2008-09-01", endDate: "2013-06-30" });
  await memory(page, "Moving house", [await periodId(childhood)], "1993-07-01");
  await memory(page, "Last day of school", [await periodId(school)], "2001-06-29");
  await memory(page, "The red bike", [await periodId(bike)], "1997-05-04");
  await memory(page, "A walk in the rain", []);
  await page.reload();
  await expect(track.getByRole("button", { name: "University in Lyon, 2008 – 2013, level 1" })).toBeVisible();
  await expect(track.getByRole("button")).toHaveCount(4);
  await expect(page.getByText("Select a period on the timeline to see its memories.")).toBeVisible();
  await expectAccessible(page, "timeline with four periods");

  // Zoom with the buttons: ×1.5 a click, within 50 %–5000 %; reset only once something changed.
  const zoom = page.getByTestId("timeline-zoom");
  const zoomIn = page.getByRole("button", { name: "Zoom in" });
  const zoomOut = page.getByRole("button", { name: "Zoom out" });
  const reset = page.getByRole("button", { name: "Reset zoom" });
  await expect(zoom).toHaveText("100%");
  await expect(reset).toBeDisabled();
  const widthOfTrack = () => track.locator(":scope > div").first().evaluate((element) => element.getBoundingClientRect().width);
  const trackWidth = await widthOfTrack();
  await zoomIn.click();
  await expect(zoom).toHaveText("150%");
  await expect(reset).toBeEnabled();
  await expect.poll(widthOfTrack).toBeCloseTo(trackWidth * 1.5, 0);
  await zoomOut.click();
  await zoomOut.click();
  await expect(zoom).toHaveText("67%");
  await zoomOut.click();
  await expect(zoom).toHaveText("50%");
  await expect(zoomOut).toBeDisabled();
  await reset.click();
  await expect(zoom).toHaveText("100%");
  await expect(reset).toBeDisabled();
  const inSteps = ["150%", "225%", "338%", "506%", "759%", "1139%", "1709%", "2563%", "3844%", "5000%"];
  for (const step of inSteps) {
    await zoomIn.click();
    await expect(zoom).toHaveText(step);
  }
  await expect(zoomIn).toBeDisabled();
  await expect(zoomOut).toBeEnabled();
  await reset.click();
  await expect(zoom).toHaveText("100%");

  // The wheel: ×1.15 a notch around the pointer.
  const box = (await track.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -100);
  await expect(zoom).toHaveText("115%");
  await page.mouse.wheel(0, -100);
  await expect(zoom).toHaveText("132%");
  await page.mouse.wheel(0, 100);
  await expect(zoom).toHaveText("115%");
  // Off-centre, the moment under the pointer stays there: the centre moves towards it.
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height / 2);
  for (let notch = 0; notch < 5; notch++) await page.mouse.wheel(0, -100);
  await expect(zoom).toHaveText("231%");
  await expect.poll(() => centredYear(page)).toBeLessThan(2000);

  // The keys on the focused track.
  await track.focus();
  await page.keyboard.press("0");
  await expect(zoom).toHaveText("100%");
  await page.keyboard.press("+");
  await expect(zoom).toHaveText("150%");
  await page.keyboard.press("-");
  await expect(zoom).toHaveText("100%");

  // The minimap: all of the life in view, centred on its middle; zoomed in, its viewport is dragged.
  const viewed = page.getByTestId("timeline-viewed");
  const viewport = page.getByTestId("timeline-minimap-viewport");
  await expect(viewed).toHaveText("100% viewed");
  await expect(page.getByTestId("timeline-centred")).toHaveText("Centred on 2001");
  for (let click = 0; click < 3; click++) await zoomIn.click();
  await expect(zoom).toHaveText("338%");
  await expect(viewed).toHaveText("30% viewed");
  const minimapWidth = (await page.getByTestId("timeline-minimap").boundingBox())!.width;
  const minimapLeft = async () => (await viewport.boundingBox())!.x;
  const before = await minimapLeft();
  const transformBefore = await track.locator(":scope > div").first().evaluate((element) => element.style.transform);
  await dragBy(page, viewport, minimapWidth * 0.2);
  // A fifth of the minimap is a fifth of the life (about 24 years): some five years later.
  await expect.poll(() => centredYear(page)).toBeGreaterThanOrEqual(2005);
  await expect.poll(minimapLeft).toBeGreaterThan(before + minimapWidth * 0.15);
  await expect(viewed).toHaveText("30% viewed");
  expect(await track.locator(":scope > div").first().evaluate((element) => element.style.transform)).not.toBe(transformBefore);
  // Dragged past the start, the view stops with the life's first day in its middle.
  await dragBy(page, viewport, -minimapWidth * 0.9);
  await expect(page.getByTestId("timeline-centred")).toHaveText("Centred on 1989");
  await expect(viewed).toHaveText("15% viewed");
  await expect(viewport).toHaveAttribute("aria-valuenow", "1989");
  // The drag moves the view by as much of the life as the pointer moves over the minimap: twice
  // 60 % of it from the start reaches the end.
  await dragBy(page, viewport, minimapWidth * 0.6);
  await expect.poll(() => centredYear(page)).toBeGreaterThanOrEqual(2003);
  await dragBy(page, viewport, minimapWidth * 0.6);
  await expect(page.getByTestId("timeline-centred")).toHaveText("Centred on 2013");
  await expect(viewed).toHaveText("15% viewed");
  await reset.click();
  await expect(viewed).toHaveText("100% viewed");
  await expect(page.getByTestId("timeline-centred")).toHaveText("Centred on 2001");

  // Select the childhood: its periods come with it, the others shrink; the view centres on it.
  await childhood.click();
  await expect(childhood).toHaveAttribute("aria-pressed", "true");
  await expect(school).toHaveAttribute("aria-pressed", "true");
  await expect(bike).toHaveAttribute("aria-pressed", "true");
  const universityBar = track.locator(`[data-period-id="${university}"]`);
  await expect(universityBar).toHaveAttribute("data-state", "dim");
  await expect(universityBar).toHaveAttribute("aria-pressed", "false");
  await expect(zoom).not.toHaveText("100%");
  await expect(page.getByTestId("timeline-centred")).toHaveText("Centred on 1995");
  await expect(page.getByTestId("timeline-links")).toBeAttached();
  const selected = page.getByRole("region", { name: "Selected periods" });
  await expect(selected.getByRole("heading", { name: "Childhood" })).toBeVisible();
  await expect(selected.getByText("3 periods selected, with the periods inside them")).toBeVisible();
  await expect(selected.getByText("The house by the river.")).toBeVisible();
  // Its memories, and those of the periods inside it; not the others.
  const grid = page.getByTestId("timeline-memories");
  await expect(grid).toHaveAccessibleName("Memories from the selected periods");
  // Memory cards, the latest first (each card holds its own list of entity tags).
  await expect(grid.locator(":scope > li h2")).toHaveText(["Last day of school", "The red bike", "Moving house"]);
  await expect(grid.getByRole("link", { name: "A walk in the rain" })).toHaveCount(0);
  await expectAccessible(page, "timeline with a selection and its memories");

  // The period dialog opens from the selection to edit it.
  await selected.getByRole("button", { name: "Edit Childhood" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Childhood" });
  await expect(edit.getByLabel("Start date")).toHaveValue("1990-03-02");
  await expectAccessible(page, "timeline edit-period dialog");
  await page.keyboard.press("Escape");
  await expect(edit).toBeHidden();

  // Clear the selection.
  const clear = page.getByRole("button", { name: "Clear selection" });
  await clear.click();
  await expect(selected).toBeHidden();
  await expect(grid).toBeHidden();
  for (const bar of [childhood, school, bike, universityBar]) {
    await expect(bar).toHaveAttribute("aria-pressed", "false");
    await expect(bar).toHaveAttribute("data-state", "normal");
  }
  await expect(page.getByTestId("timeline-links")).toHaveCount(0);
  await expect(clear).toBeDisabled();
  await expect(page.getByText("Select a period on the timeline to see its memories.")).toBeVisible();

  // The keyboard selects too: a period with no memory says so.
  await universityBar.focus();
  await page.keyboard.press("Enter");
  await expect(universityBar).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("heading", { name: "No memories here yet" })).toBeVisible();
  await expect(childhood).toHaveAttribute("data-state", "dim");
  // Pressed again, it is deselected.
  await page.keyboard.press("Enter");
  await expect(universityBar).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByRole("region", { name: "Selected periods" })).toBeHidden();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("at 375 px the timeline warns that it is best on a larger screen, until dismissed", async ({ page }) => {
    test.setTimeout(60_000);
    await page.emulateMedia({ colorScheme: "dark" });
    await dismissOverlays(page);
    await signUp(page);
    const childhood = await period(page, "Childhood", { startDate: "1990-03-02", endDate: "2001-08-31" });
    await period(page, "Primary school", { startDate: "1996-09-01", endDate: "2001-06-30", parentPeriod: childhood });
    await page.goto("/timeline");
    await expect(page.getByTestId("timeline-track").getByRole("button", { name: "Primary school, 1996 – 2001, level 2" })).toBeVisible();
    const notice = page.getByText("This timeline is best viewed on a larger screen.");
    await expect(notice).toBeVisible();
    await expectAccessible(page, "timeline at 375 px (dark)");
    // The page itself does not scroll sideways: the track clips the life.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.getByRole("button", { name: "Dismiss the screen size notice" }).click();
    await expect(notice).toBeHidden();
    await expect(page.getByTestId("timeline-track")).toBeVisible();
  });
});
