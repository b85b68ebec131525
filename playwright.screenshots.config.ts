// `npm run screenshots`: the capture in tests/e2e/screenshots.capture.ts against the same server setup as the browser tests.
import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

export default defineConfig({ ...base, testMatch: "screenshots.capture.ts", outputDir: "test-results/screenshots-capture" });
