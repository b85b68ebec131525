// `npm run screenshots`: build the web client (the capture drives the production build), capture
// the app's screenshots and the Open Graph images (tests/e2e/screenshots.capture.ts), then build
// again so the new images and their manifest are in dist/web.
import { spawnSync } from "node:child_process";

const run = (cmd, args) => spawnSync(cmd, args, { stdio: "inherit", env: process.env }).status ?? 1;
if (run("npx", ["vite", "build", "--logLevel", "warn"]) !== 0) process.exit(1);
if (run("npx", ["playwright", "test", "--config", "playwright.screenshots.config.ts"]) !== 0) process.exit(1);
process.exit(run("npx", ["vite", "build", "--logLevel", "warn"]));
