import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Download, Page } from "@playwright/test";
import { format, parseISO } from "date-fns";
import { strFromU8, unzipSync, zipSync } from "fflate";
import { dismissOverlays, expect, expectAccessible, landingHeading, postFromApp, signUp, test } from "./support";

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures");

interface Me {
  id: number;
  firstName: string | null;
  lastName: string | null;
  birthDate: string | null;
  gender: string | null;
  language: string | null;
  theme: string | null;
  consents: { dataProcessingAt: string | null; termsAt: string | null };
}

async function currentUser(page: Page): Promise<Me> {
  const response = await page.request.get("/api/auth/user");
  expect(response.status()).toBe(200);
  return (await response.json()) as Me;
}

async function downloaded(download: Download): Promise<Buffer> {
  const file = await download.path();
  return readFile(file);
}

function shellName(page: Page) {
  return page.getByTestId("user-display-name");
}

function shellInitial(page: Page) {
  return page.getByTestId("user-menu-trigger").locator("span[aria-hidden='true']").first();
}

test("profile: the saved name shows in the header at once and after a reload; a future birth date is refused", async ({ page }) => {
  await dismissOverlays(page);
  await page.emulateMedia({ colorScheme: "light" });
  await signUp(page);
  await expect(shellName(page)).toHaveText("Ada Lovelace");

  // From the user menu.
  await page.getByTestId("user-menu-trigger").click();
  await page.getByRole("menuitem", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole("heading", { level: 2, name: "Profile" })).toBeVisible();
  const email = page.getByLabel("E-mail");
  await expect(email).toHaveValue(/@example\.test$/);
  await expect(email).not.toBeEditable();
  // Local sign-in has no provider account page.
  await expect(page.getByText("Your password is managed where you sign in, not in Lifegraph.")).toBeVisible();
  await expectAccessible(page, "settings: profile (light)");

  await page.getByLabel("First name").fill("Grace");
  await page.getByLabel("Last name").fill("Hopper");
  await page.getByLabel("Username").fill("amazing_grace");
  await page.getByLabel("Birth date").fill("1906-12-09");
  await page.getByLabel("Gender").selectOption("female");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Profile updated")).toBeVisible();
  await expect(shellName(page)).toHaveText("Grace Hopper");
  await expect(shellInitial(page)).toHaveText("G");
  const saved = await currentUser(page);
  expect(saved).toMatchObject({ firstName: "Grace", lastName: "Hopper", birthDate: "1906-12-09", gender: "female" });

  // A birth date in the future: the server's refusal shows on the field, and nothing changes.
  await page.getByLabel("First name").fill("Augusta");
  await page.getByLabel("Birth date").fill("2999-01-01");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Failed to update profile")).toBeVisible();
  await expect(page.getByText("The birth date must be a past date.")).toBeVisible();
  await expect(page.getByLabel("Birth date")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("First name")).toHaveValue("Augusta");
  await expect(shellName(page)).toHaveText("Grace Hopper");
  expect((await currentUser(page)).birthDate).toBe("1906-12-09");
  // Read once the error toast has gone: Sonner's light error red is 4.35:1 on its pink, under
  // axe's 4.5 (a matter of the shared toast styles, src/index.css, not of this form).
  await expect(page.getByText("Failed to update profile")).toBeHidden({ timeout: 10_000 });
  await expectAccessible(page, "settings: profile with an error");

  await page.reload();
  await expect(page.getByLabel("First name")).toHaveValue("Grace");
  await expect(page.getByLabel("Username")).toHaveValue("amazing_grace");
  await expect(page.getByLabel("Birth date")).toHaveValue("1906-12-09");
  await expect(page.getByLabel("Gender")).toHaveValue("female");
  await expect(shellName(page)).toHaveText("Grace Hopper");
});

test("appearance: theme and language chosen in settings apply at once and stick after a reload", async ({ page }) => {
  await dismissOverlays(page);
  await page.emulateMedia({ colorScheme: "light" });
  await signUp(page);
  await page.goto("/settings/appearance");
  const theme = page.getByRole("group", { name: "Theme" });
  await expect(theme.getByRole("radio", { name: "Light" })).toBeChecked();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  await expectAccessible(page, "settings: appearance (light)");

  await theme.getByRole("radio", { name: "Dark" }).check();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect(page.getByText("Theme changed")).toBeVisible();
  await expectAccessible(page, "settings: appearance (dark)");

  await page.getByRole("group", { name: "Language" }).getByRole("radio", { name: "Français" }).check();
  await expect(page.getByRole("heading", { level: 1, name: "Paramètres" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Apparence" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "Souvenirs" })).toBeVisible();
  await expect.poll(async () => {
    const me = await currentUser(page);
    return [me.theme, me.language];
  }).toEqual(["dark", "fr"]);

  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Paramètres" })).toBeVisible();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect(page.getByRole("group", { name: "Thème" }).getByRole("radio", { name: "Sombre" })).toBeChecked();
  await expectAccessible(page, "settings: appearance in French (dark)");

  // Back to light, in French.
  await page.getByRole("group", { name: "Thème" }).getByRole("radio", { name: "Clair" }).check();
  await expect(page.getByText("Thème modifié")).toBeVisible();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
});

test("at phone width the sections are a select, and each tab passes axe", async ({ page }) => {
  await dismissOverlays(page);
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page);
  await page.goto("/settings");
  const select = page.getByRole("combobox", { name: "Section" });
  await expect(select).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Settings sections" })).toBeHidden();
  await expectAccessible(page, "settings: profile (phone)");
  for (const [tab, heading] of [
    ["appearance", "Appearance"],
    ["privacy", "Your consents"],
    ["data", "Export your data"],
  ] as const) {
    await select.selectOption(tab);
    await expect(page).toHaveURL(new RegExp(`/settings/${tab}$`));
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    await expectAccessible(page, `settings: ${tab} (phone)`);
  }
  // Nothing wider than the screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("data: JSON and CSV exports and the archive arrive as Lifegraph files holding the memory", async ({ page }) => {
  test.setTimeout(60_000);
  await dismissOverlays(page);
  await page.emulateMedia({ colorScheme: "light" });
  await signUp(page);
  const title = `Beach day ${Date.now()}`;
  const created = await postFromApp(page, "/api/memories/with-validation", {
    title,
    content: "Sand, wind and a kite, all afternoon.",
    eventDate: "2024-06-15",
    entities: [],
  });
  expect(created.status()).toBe(201);

  await page.goto("/settings/data");
  await expect(page.getByRole("heading", { level: 2, name: "Export your data" })).toBeVisible();
  await expectAccessible(page, "settings: data (light)");
  const fileName = /^lifegraph-export-\d{4}-\d{2}-\d{2}\.(json|csv)$/;

  const [json] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export JSON" }).click()]);
  expect(json.suggestedFilename()).toMatch(fileName);
  expect(json.suggestedFilename()).toMatch(/\.json$/);
  const data = JSON.parse((await downloaded(json)).toString("utf8")) as { memories: { title: string; content: string }[]; user: { email: string } };
  expect(data.memories.map((memory) => memory.title)).toContain(title);
  expect(data.user.email).toMatch(/@example\.test$/);
  await expect(page.getByText("Data exported").first()).toBeVisible();

  const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
  expect(csv.suggestedFilename()).toMatch(fileName);
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  const lines = (await downloaded(csv)).toString("utf8").replace(/^\uFEFF/, "").trim().split(/\r?\n/);
  expect(lines[0]).toBe("id,title,eventDate,location,description,content,photo,createdAt,updatedAt,entities");
  const row = lines.find((line) => line.includes(title));
  expect(row).toBeDefined();
  expect(row).toContain("2024-06-15");
  expect(row).toContain("Sand, wind and a kite, all afternoon.");

  // The full archive: a plain link the browser downloads (streamed by the server).
  const [archive] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download the archive (.zip)" }).click(),
  ]);
  expect(archive.suggestedFilename()).toMatch(/^lifegraph-archive-\d{4}-\d{2}-\d{2}\.zip$/);
  const entries = unzipSync(new Uint8Array(await downloaded(archive)));
  const inside = JSON.parse(strFromU8(entries["lifegraph.json"]!)) as { memories: { title: string }[] };
  expect(inside.memories.map((memory) => memory.title)).toContain(title);
});

test("privacy: the consents with their dates, the cookie dialog, and deleting the account lands on / signed out", async ({ page }) => {
  await dismissOverlays(page);
  await page.emulateMedia({ colorScheme: "light" });
  await signUp(page);
  const me = await currentUser(page);
  await page.goto("/settings/privacy");
  const given = (at: string | null) => `Given on ${format(parseISO(at!), "MMMM d, yyyy")}`;
  await expect(page.getByText(given(me.consents.dataProcessingAt)).first()).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "Data processing" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "Terms of service and age" })).toBeVisible();
  await expectAccessible(page, "settings: privacy (light)");

  await page.getByRole("button", { name: "Cookie preferences" }).click();
  const cookies = page.getByRole("dialog", { name: "Cookie preferences" });
  await expect(cookies.getByRole("switch", { name: "Essential" })).toBeDisabled();
  await cookies.getByRole("switch", { name: "Analytics" }).click();
  await cookies.getByRole("button", { name: "Save Preferences" }).click();
  await expect(page.getByText("Cookie preferences saved")).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(window.localStorage.getItem("lifegraph.cookieConsent") ?? "null"))).toEqual({
    essential: true,
    analytics: true,
    functionality: false,
  });

  // Deletion: the dialog explains, and asks for the word.
  const memory = await postFromApp(page, "/api/memories/with-validation", { title: "To be forgotten", content: "Gone soon.", entities: [] });
  expect(memory.status()).toBe(201);
  await page.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
  await expect(dialog).toContainText("cannot be recovered");
  await expect(dialog).toContainText("Feedback you sent stays, without your name or e-mail.");
  const confirm = dialog.getByRole("button", { name: "Delete my account" });
  await expect(confirm).toBeDisabled();
  await expectAccessible(page, "settings: delete dialog");
  await dialog.getByLabel("Type DELETE to confirm").fill("DELETE");
  await expect(confirm).toBeEnabled();

  const reloaded = page.waitForEvent("load");
  const deleted = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/users/${me.id}` && response.request().method() === "DELETE");
  await confirm.click();
  expect((await deleted).status()).toBe(204);
  await expect(page.getByText("Account deleted")).toBeVisible();
  const shownAt = Date.now();
  await reloaded;
  expect(Date.now() - shownAt).toBeGreaterThan(1_000);
  expect(new URL(page.url()).pathname).toBe("/");
  await expect(page.getByRole("heading", { level: 1, name: landingHeading })).toBeVisible();
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);
});

/** A small Day One export as its app writes it: `<Journal>.json` with `entries[]`, and `photos/<md5>.<type>`. */
async function dayOneExport(title: string) {
  const picture = await readFile(path.join(fixtures, "market.png"));
  const md5 = createHash("md5").update(picture).digest("hex");
  const journal = {
    metadata: { version: "1.0" },
    entries: [
      {
        uuid: "5E2C1A0D7F4B4C3A9E1D2B3C4D5E6F70",
        text: `# ${title}\n![](dayone-moment://5E2C1A0D7F4B4C3A9E1D2B3C4D5E6F71)\nCe matin, Hugo et Clairette sont venus au marché de Lyon. J'étais tellement heureuse.`,
        creationDate: "2024-05-01T07:30:00Z",
        timeZone: "Europe/Paris",
        location: { latitude: 45.7597, longitude: 4.8422, placeName: "Marché Saint-Antoine", localityName: "Lyon", country: "France" },
        tags: ["marché"],
        photos: [{ identifier: "5E2C1A0D7F4B4C3A9E1D2B3C4D5E6F71", md5, type: "png", width: 1, height: 1 }],
      },
      {
        uuid: "6F3D2B1E8A5C4D4BAF2E3C4D5E6F7081",
        text: "Dimanche au parc\nUne longue promenade avec Hugo.",
        creationDate: "2024-05-05T15:00:00Z",
        timeZone: "Europe/Paris",
        tags: [],
      },
    ],
  };
  return Buffer.from(
    zipSync({
      "Journal.json": new TextEncoder().encode(JSON.stringify(journal)),
      [`photos/${md5}.png`]: new Uint8Array(picture),
    }),
  );
}

test("import: a Day One export comes in, and the search for its entities runs to the end, also after a reload", async ({ page }) => {
  test.setTimeout(90_000);
  await dismissOverlays(page);
  await page.emulateMedia({ colorScheme: "light" });
  await signUp(page);
  const me = await currentUser(page);
  await page.goto("/settings/data");
  await expect(page.getByRole("heading", { level: 2, name: "Import a journal" })).toBeVisible();
  await expect(page.getByText("Accepted formats (a .zip file of at most 512 MB):")).toBeVisible();

  // A file of no known shape is refused, with the server's reason, and changes nothing.
  await page.getByLabel("Export file (.zip)").setInputFiles({
    name: "notes.zip",
    mimeType: "application/zip",
    buffer: Buffer.from(zipSync({ "readme.txt": new TextEncoder().encode("hello") })),
  });
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "is not a Lifegraph archive" })).toBeVisible();
  await expect(page.getByText("Import failed")).toBeVisible();

  const title = "Le marché du 1er mai";
  await page.getByLabel("Export file (.zip)").setInputFiles({ name: "Day One.zip", mimeType: "application/zip", buffer: await dayOneExport(title) });
  const imported = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/users/${me.id}/import`);
  await page.getByRole("button", { name: "Import", exact: true }).click();
  expect((await imported).status()).toBe(200);
  await expect(page.getByText("Import finished")).toBeVisible();
  const summary = page.getByRole("region", { name: "Imported from Day One" });
  await expect(summary).toBeVisible();
  const figure = (label: string) => summary.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("+ dd");
  await expect(figure("Memories")).toHaveText("2");
  await expect(figure("Photos")).toHaveText("1");
  await expect(figure("Photos skipped")).toHaveText("0");

  // The extraction: progress, then done (read from the server's imports, polled).
  const jobs = page.getByRole("region", { name: "Recent imports" });
  await expect(jobs.getByText(/^Finding entities: \d of 2 memories$|^Entities looked for in all 2 memories\.$/)).toBeVisible();
  await expect(jobs.getByText("Entities looked for in all 2 memories.")).toBeVisible({ timeout: 30_000 });
  const [job] = (await (await page.request.get(`/api/users/${me.id}/imports`)).json()) as { done: number; total: number; toConfirm: number; finishedAt: string | null }[];
  expect(job).toMatchObject({ done: 2, total: 2 });
  expect(job!.finishedAt).not.toBeNull();
  expect(job!.toConfirm).toBeGreaterThan(0);
  await expect(jobs.getByText(`${job!.toConfirm} ${job!.toConfirm === 1 ? "memory has" : "memories have"} entities for you to confirm.`)).toBeVisible();
  await expectAccessible(page, "settings: data after an import");

  // After a reload the import and its outcome are still shown.
  await page.reload();
  await expect(page.getByRole("region", { name: "Recent imports" }).getByText("Entities looked for in all 2 memories.")).toBeVisible();

  // The memories are there, waiting for their entities.
  await page.getByRole("region", { name: "Recent imports" }).getByRole("link", { name: "Go to your memories" }).click();
  await expect(page).toHaveURL(/\/memories$/);
  await expect(page.getByRole("link", { name: new RegExp(title) }).first()).toBeVisible();
  await expect(page.getByText("Dimanche au parc").first()).toBeVisible();
});
