// `npm test`: unit and integration tests (vitest), then the browser tests (Playwright) when a
// Chromium is found at CHROMIUM_PATH or /usr/bin/chromium. Without one it says so in one line;
// with CI=true that is a failure.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } }).status ?? 1;

if (run("npx", ["vitest", "run"]) !== 0) process.exit(1);
console.log("content:check");
if (
  spawnSync("npx", ["tsx", "src/server/cli.ts", "content:check"], { stdio: ["ignore", "ignore", "inherit"] }).status !==
  0
)
  process.exit(1);

const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
if (!existsSync(chromium)) {
  console.log(`No Chromium at ${chromium}: browser tests skipped (set CHROMIUM_PATH or install Debian's chromium).`);
  process.exit(process.env.CI === "true" ? 1 : 0);
}
if (
  (!existsSync("dist/web/index.html") || !existsSync("dist/web/landing.html")) &&
  run("npx", ["vite", "build", "--logLevel", "warn"]) !== 0
)
  process.exit(1);
process.exit(run("npx", ["playwright", "test"], { CHROMIUM_PATH: chromium }));
