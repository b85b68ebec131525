// `npm start`: builds the web client when no build exists, bundles the server (esbuild, under a
// second), then runs it with plain Node (migrations and the content seed run in-process at boot).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { serverEnv } from "./server-env.mjs";

const dist = resolve(process.env.WEB_DIST ?? "dist/web");
// index.html is the app; landing.html the template of the pre-rendered public pages.
if (!existsSync(resolve(dist, "index.html")) || !existsSync(resolve(dist, "landing.html"))) {
  console.log("Building the web client (first start)…");
  const r = spawnSync("npx", ["vite", "build", "--logLevel", "warn"], { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const built = spawnSync(process.execPath, ["scripts/build-server.mjs"], { stdio: "inherit" });
if (built.status !== 0) process.exit(built.status ?? 1);
const r = spawnSync(process.execPath, ["--enable-source-maps", "dist/server/main.mjs"], {
  stdio: "inherit",
  env: serverEnv({ NODE_ENV: "production", ...process.env }),
});
process.exit(r.status ?? 0);
