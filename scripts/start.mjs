// `npm start`: builds the web client when no build exists, then runs the server
// (migrations and the content seed run in-process at boot).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";

const dist = resolve(process.env.WEB_DIST ?? "dist/web", "index.html");
if (!existsSync(dist)) {
  console.log("Building the web client (first start)…");
  const r = spawnSync("npx", ["vite", "build", "--logLevel", "warn"], { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const r = spawnSync(process.execPath, ["--import", "tsx", "src/server/main.ts"], { stdio: "inherit", env: { NODE_ENV: "production", ...process.env } });
process.exit(r.status ?? 0);
