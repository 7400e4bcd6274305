import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";

// The e2e tests run against the real server binary, which serves web/dist from disk in debug
// builds. Run `npm run build` (and build the server) first; LIFEGRAPH_BIN picks another binary.
const webDir = path.dirname(fileURLToPath(import.meta.url));
const repoDir = path.resolve(webDir, "..");
const bin = process.env.LIFEGRAPH_BIN ?? path.join(repoDir, "target/debug/lifegraph");

// Say plainly what is missing rather than let the servers fail to start. (Listing tests needs neither.)
if (!process.argv.includes("--list")) {
  if (!existsSync(bin)) throw new Error(`No Lifegraph server at ${bin}: build it (cargo build) or set LIFEGRAPH_BIN.`);
  if (!existsSync(path.join(webDir, "dist/index.html"))) throw new Error("No web/dist: run `npm run build` first.");
}

// One fresh directory per run; workers inherit it through the environment.
process.env.LIFEGRAPH_E2E_DIR ??= mkdtempSync(path.join(tmpdir(), "lifegraph-e2e-"));
const dataDir = process.env.LIFEGRAPH_E2E_DIR;

const ports = {
  app: Number(process.env.E2E_APP_PORT ?? 18080),
  oidcApp: Number(process.env.E2E_OIDC_APP_PORT ?? 18081),
  provider: Number(process.env.E2E_PROVIDER_PORT ?? 9477),
  // A server of its own for e2e/feedback-admin.spec.ts: the first person to sign up there is the
  // administrator (user id 1), whichever other specs ran before.
  admin: Number(process.env.E2E_ADMIN_APP_PORT ?? 18082),
};
process.env.E2E_OIDC_APP_URL = `http://127.0.0.1:${ports.oidcApp}`;
process.env.E2E_ADMIN_APP_URL = `http://127.0.0.1:${ports.admin}`;
process.env.E2E_PROVIDER_URL = `http://127.0.0.1:${ports.provider}`;

function serve(port: number, name: string, extra: string[] = []) {
  const args = [
    "serve",
    `--listen 127.0.0.1:${port}`,
    `--database-url 'sqlite://${dataDir}/${name}.db?mode=rwc'`,
    `--storage-url 'file://${dataDir}/${name}-photos'`,
    // The suite signs in dozens of times a minute from one address; the default limit is for people.
    "--sign-in-per-minute 1000",
    ...extra,
  ];
  return `'${bin}' ${args.join(" ")}`;
}

export default defineConfig({
  testDir: "./e2e",
  outputDir: "./test-results",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${ports.app}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    browserName: "chromium",
    launchOptions: {
      // Debian's Chromium: this machine cannot download Playwright's own browser build.
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: [
    {
      command: serve(ports.app, "e2e"),
      cwd: repoDir,
      url: `http://127.0.0.1:${ports.app}/readyz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      command: "node e2e/oidc/provider.mjs",
      cwd: webDir,
      env: {
        OIDC_PORT: String(ports.provider),
        OIDC_REDIRECT_URI: `http://127.0.0.1:${ports.oidcApp}/api/auth/callback`,
      },
      url: `http://127.0.0.1:${ports.provider}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: serve(ports.oidcApp, "e2e-oidc", [
        `--oidc-issuer http://127.0.0.1:${ports.provider}`,
        "--oidc-client-id lifegraph-e2e",
        "--oidc-client-secret e2e-secret",
        `--public-url http://127.0.0.1:${ports.oidcApp}`,
      ]),
      cwd: repoDir,
      url: `http://127.0.0.1:${ports.oidcApp}/readyz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      command: serve(ports.admin, "admin"),
      cwd: repoDir,
      url: `http://127.0.0.1:${ports.admin}/readyz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "pipe",
      stderr: "pipe",
    },
  ],
});
