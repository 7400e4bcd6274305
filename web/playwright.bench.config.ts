import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";

// Browser benchmarks (`make bench`), kept out of `make test`: `npx playwright test -c
// playwright.bench.config.ts` against the real server (LIFEGRAPH_BIN; by default the release
// build, else the debug one, which reads web/dist from disk). They print figures; goals are
// reported, not asserted.
const webDir = path.dirname(fileURLToPath(import.meta.url));
const repoDir = path.resolve(webDir, "..");
const release = path.join(repoDir, "target/release/lifegraph");
const bin = process.env.LIFEGRAPH_BIN ?? (existsSync(release) ? release : path.join(repoDir, "target/debug/lifegraph"));

if (!process.argv.includes("--list")) {
  if (!existsSync(bin)) throw new Error(`No Lifegraph server at ${bin}: build it (cargo build --release) or set LIFEGRAPH_BIN.`);
}

process.env.LIFEGRAPH_BENCH_DIR ??= mkdtempSync(path.join(tmpdir(), "lifegraph-bench-"));
const dataDir = process.env.LIFEGRAPH_BENCH_DIR;
const port = Number(process.env.E2E_APP_PORT ?? 18090);

export default defineConfig({
  testDir: "./bench",
  testMatch: "*.bench.ts",
  outputDir: "./test-results/bench",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 300_000,
  expect: { timeout: 30_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: "chromium",
    viewport: { width: 1440, height: 1000 },
    launchOptions: {
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
  webServer: {
    command: [
      `'${bin}' serve`,
      `--listen 127.0.0.1:${port}`,
      `--database-url 'sqlite://${dataDir}/bench.db?mode=rwc'`,
      `--storage-url 'file://${dataDir}/photos'`,
      "--sign-in-per-minute 1000",
    ].join(" "),
    cwd: repoDir,
    url: `http://127.0.0.1:${port}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
