import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";

// One fresh data directory per run, shared with the specs through the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "lexmate-e2e-"));
const PORT = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  workers: 1,
  reporter: [["list"]],
  outputDir: "test-results/e2e",
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
    },
  },
  webServer: {
    command: "node --import tsx src/server/main.ts",
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // 127.0.0.1 serves the Lexmate Bar variant and 127.0.0.2 the admin route table (tests/e2e/landing.spec.ts); specs use localhost.
    // The whole suite signs up dozens of students from one address within a minute, past the
    // per-IP sign-up limit (10/min): limits are off here and tested in tests/integration instead.
    env: { PORT: String(PORT), DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: "warn", NODE_ENV: "production", RATE_LIMIT_DISABLED: "true", BRAND_HOSTS: "127.0.0.1=bar", ADMIN_HOSTS: "127.0.0.2", ADMIN_EMAILS: "admin-e2e@example.com,ops-admin@example.com,content-admin@example.com,e2e-state-admin@example.com", ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}) },
  },
});
