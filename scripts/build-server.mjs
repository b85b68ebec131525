// Bundles the server's own TypeScript into dist/server/main.mjs with esbuild (packages stay in
// node_modules) and copies the migrations beside it. `npm start` and the benchmark run this
// bundle with plain Node instead of tsx: the idle process is ~120 MB smaller (decision 007).
import { cpSync, rmSync } from "node:fs";
import { build } from "esbuild";

const out = "dist/server";
rmSync(out, { recursive: true, force: true });
await build({
  // parse-worker: the case-law upload's worker thread (features/case-law/parse-client.ts loads it beside main.mjs).
  entryPoints: { main: "src/server/main.ts", "parse-worker": "src/server/features/case-law/parse-worker.ts" },
  outdir: out,
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
cpSync("src/server/db/migrations", `${out}/migrations`, { recursive: true });
