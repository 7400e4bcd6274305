import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";

/**
 * The e2e test with two checks on every test: no uncaught page error, and no console error other
 * than failed resource loads (a 401 from /api/auth/user is how the app learns it is signed out).
 * A Content-Security-Policy violation (an inline script, say) is a console error and fails the test.
 */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
          errors.push(`console: ${message.text()}`);
        }
      });
      await use(errors);
      expect(errors, "errors in the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** axe-core on the current page: no serious or critical violation. */
export async function expectAccessible(page: Page, label = page.url()) {
  let serious = await seriousViolations(page);
  // A toast whose time runs out while axe reads the page is measured half faded. Such a finding
  // is read again once that toast has settled; a toast whose colours are wrong fails again.
  if (serious.length > 0 && (await onlyInToasts(page, serious))) {
    await page.waitForTimeout(1_000);
    serious = await seriousViolations(page);
  }
  expect(serious, `serious or critical accessibility violations on ${label}`).toEqual([]);
}

async function seriousViolations(page: Page) {
  // Colours are measured once transitions end: a toast fading in has no final contrast yet.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(" ")),
    }));
}

/** Whether every element named by these findings is in a toast, or gone (a toast that ended). */
async function onlyInToasts(page: Page, findings: { targets: string[] }[]) {
  const targets = findings.flatMap((finding) => finding.targets);
  return page.evaluate(
    (selectors) =>
      selectors.every((selector) => {
        const element = document.querySelector(selector);
        return element === null || element.closest("[data-sonner-toast]") !== null;
      }),
    targets,
  );
}

export interface Person {
  email: string;
  firstName: string;
  lastName: string;
}

let counter = 0;
/** A new person for each test, so tests do not share accounts. */
export function newPerson(firstName = "Ada", lastName = "Lovelace"): Person {
  counter += 1;
  const id = `${Date.now().toString(36)}-${process.pid}-${counter}`;
  return { email: `${firstName.toLowerCase()}.${id}@example.test`, firstName, lastName };
}

/** Stores the cookie choice and the beta acknowledgement so the overlays stay out of the way. */
export async function dismissOverlays(page: Page) {
  await page.addInitScript(() => {
    if (!window.localStorage.getItem("lifegraph.cookieConsent")) {
      window.localStorage.setItem(
        "lifegraph.cookieConsent",
        JSON.stringify({ essential: true, analytics: false, functionality: false }),
      );
    }
    if (!window.localStorage.getItem("lifegraph.betaAcknowledged")) {
      window.localStorage.setItem("lifegraph.betaAcknowledged", "true");
    }
  });
}

/** Fills the server's local sign-in page (/auth/local) and submits it. */
export async function fillLocalSignIn(page: Page, person: Person, check = true) {
  await expect(page).toHaveURL(/\/auth\/local/);
  if (check) await expectAccessible(page, "/auth/local");
  await page.getByLabel("Email").fill(person.email);
  await page.locator('input[name="firstName"]').fill(person.firstName);
  await page.locator('input[name="lastName"]').fill(person.lastName);
  await page.getByRole("button", { name: "Sign in" }).click();
}

export function consentCheckboxes(page: Page) {
  const main = page.getByRole("main");
  return {
    dataProcessing: main.getByRole("checkbox", { name: /processes my personal data|traite mes données/ }),
    terms: main.getByRole("checkbox", { name: /at least 16|au moins 16/ }),
  };
}

/** Registers a new person through /register with both consents; ends on the signed-in dashboard. */
export async function signUp(page: Page, person: Person = newPerson()) {
  await page.goto("/register");
  const { dataProcessing, terms } = consentCheckboxes(page);
  await dataProcessing.check();
  await terms.check();
  await page.getByRole("main").getByRole("button", { name: "Sign up" }).click();
  await fillLocalSignIn(page, person, false);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  return person;
}

export const landingHeading = "Your memories, linked into your life story";

/**
 * Clicks a sign-out control and waits for what the app does with it: POST /api/logout (204), then
 * a full navigation to / (a new document, so its `load` event), which shows the landing page.
 */
export async function signOutWith(page: Page, control: Locator) {
  const logout = page.waitForResponse(
    (response) => new URL(response.url()).pathname === "/api/logout" && response.request().method() === "POST",
  );
  const reloaded = page.waitForEvent("load");
  await control.click();
  expect((await logout).status()).toBe(204);
  await reloaded;
  expect(new URL(page.url()).pathname).toBe("/");
  await expect(page.getByRole("heading", { level: 1, name: landingHeading })).toBeVisible();
}

/** Signs out from the user menu, as a person does. */
export async function signOut(page: Page) {
  await page.getByTestId("user-menu-trigger").click();
  await signOutWith(page, page.getByRole("menuitem", { name: "Sign out" }));
}

/**
 * A POST the test makes itself (to set up data), saying where it comes from as the app's own
 * fetches do: the server refuses changes that do not come from the app.
 */
export function postFromApp(page: Page, path: string, data: unknown) {
  const origin = new URL(page.url()).origin;
  return page.request.post(path, { data, headers: { Origin: origin } });
}
