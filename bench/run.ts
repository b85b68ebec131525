/**
 * `npm run bench`: measures the budgets of DESIGN.md §6 that exist so far and prints a table.
 * - cold start: spawn `npm start`'s server on a fresh DATA_DIR, time to the first 200 /api/health
 * - warm start: the same DATA_DIR again
 * - idle RSS of the server process after boot
 * - case-law import throughput and search p50/p95 over ≥ 10,000 opinions (bench/case-law.ts)
 * - initial JavaScript (gzip) of `/` as served (bench/landing.ts) and of the signed-in shell (`/chat`)
 * - LCP of `/` in headless Chromium on loopback (bench/landing.ts)
 * - the companion without an LLM: time to first token and to the whole answer (bench/engine.ts)
 * - authenticated GET /api/threads at 50 connections (bench/threads.ts)
 * - billing: checkout start and signed webhook p95 against the fake Stripe (bench/billing.ts)
 * Not timed assertions: it reports; budgets are compared in the output.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { benchBilling } from "./billing";
import { caseLawBench } from "./case-law";
import { benchEngine } from "./engine";
import { type LandingFigures, measureLanding } from "./landing";
import { benchStudy } from "./study";
import { benchAdmin } from "./admin";
import { benchThreads } from "./threads";
import { serverEnv } from "../scripts/server-env.mjs";

const PORT = 3197;

async function startOnce(dataDir: string, during?: () => Promise<void>): Promise<{ ms: number; rssMb: number }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, ["dist/server/main.mjs"], {
    env: serverEnv({
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
    }),
    stdio: "ignore",
  });
  let ms = 0;
  for (;;) {
    try {
      const r = await fetch(`http://127.0.0.1:${PORT}/api/health`);
      if (r.status === 200) {
        ms = performance.now() - t0;
        break;
      }
    } catch {
      // not up yet
    }
    if (performance.now() - t0 > 120_000) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 25));
  }
  await new Promise((r) => setTimeout(r, 3000));
  const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  try {
    await during?.();
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
  return { ms, rssMb: rssKb / 1024 };
}

function jsSizes() {
  const dist = "dist/web";
  const html = readFileSync(join(dist, "index.html"), "utf8");
  const initial = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const gz = (f: string) => gzipSync(readFileSync(join(dist, f))).length;
  const files = readdirSync(join(dist, "assets"));
  // /chat loads the entry, the signed-in shell (app-routes) and the chat route, each with the chunks
  // it imports statically (`import … from"./x.js"`); lazily imported routes are not counted.
  const seen = new Set<string>(initial);
  const queue = [
    ...initial,
    ...files.filter((f) => /^(app-routes|chat-page)-.*\.js$/.test(f)).map((f) => `/assets/${f}`),
  ];
  while (queue.length) {
    const f = queue.pop()!;
    seen.add(f);
    const code = readFileSync(join(dist, f), "utf8");
    for (const m of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) {
      const dep = `/assets/${m[1]}`;
      if (!seen.has(dep)) queue.push(dep);
    }
  }
  return { chatKb: [...seen].reduce((n, f) => n + gz(f), 0) / 1024 };
}

if (
  !existsSync("dist/web/landing.html") &&
  spawnSync("npx", ["vite", "build", "--logLevel", "warn"], { stdio: "inherit" }).status !== 0
)
  process.exit(1);
// The server runs as `npm start` runs it: the esbuild bundle under plain Node.
if (spawnSync(process.execPath, ["scripts/build-server.mjs"], { stdio: "inherit" }).status !== 0) process.exit(1);
const rows: [string, string, string][] = [];
const dir = mkdtempSync(join(tmpdir(), "lexmate-bench-"));
let landing: LandingFigures | null = null;
try {
  const cold = await startOnce(dir);
  const warm = await startOnce(dir, async () => {
    landing = await measureLanding(`http://127.0.0.1:${PORT}`);
  });
  rows.push([
    "cold start to first 200 /api/health (fresh PGlite, migrations, content seed)",
    `${cold.ms.toFixed(0)} ms`,
    "—",
  ]);
  rows.push(["warm start to first 200 /api/health", `${warm.ms.toFixed(0)} ms`, "—"]);
  rows.push(["server RSS at idle (PGlite)", `${warm.rssMb.toFixed(0)} MB`, "≤ 400 MB"]);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
rows.push(...(await benchEngine()));
const js = jsSizes();
const l = landing as LandingFigures | null;
if (l) {
  rows.push(["JS for / before first paint (gzip; pre-rendered HTML)", `${l.jsGzipKb.toFixed(1)} KB`, "≤ 120 KB"]);
  rows.push([
    "all JS / loads, islands hydrated after first paint (gzip)",
    `${l.allJsGzipKb.toFixed(1)} KB`,
    "≤ 120 KB",
  ]);
  for (const v of l.lcp)
    rows.push([
      `LCP of / at ${v.viewport}, median / worst of 7 (${v.element}; TTFB ${v.ttfbMs.toFixed(0)} ms)`,
      `${v.medianMs.toFixed(0)} / ${v.maxMs.toFixed(0)} ms`,
      "≤ 800 ms",
    ]);
}
rows.push(["initial JS for /chat, signed-in shell (gzip)", `${js.chatKb.toFixed(1)} KB`, "≤ 250 KB"]);
rows.push(...(await benchStudy()));
rows.push(...(await benchAdmin()));
const threads = await benchThreads();
rows.push([
  "GET /api/threads, 50 threads, 50 connections: throughput",
  `${threads.rps.toFixed(0)} req/s`,
  "≥ 2,000 req/s",
]);
rows.push([
  "GET /api/threads, 50 threads, 50 connections: p99 (p50)",
  `${threads.p99.toFixed(1)} ms (${threads.p50.toFixed(1)})`,
  "≤ 50 ms",
]);
if (threads.errors) rows.push(["GET /api/threads errors", String(threads.errors), "0"]);
rows.push(...(await benchBilling()));
rows.push(...(await caseLawBench()).rows);
const w = Math.max(...rows.map((r) => r[0].length));
const v = Math.max(9, ...rows.map((r) => r[1].length));
console.log(`${"measure".padEnd(w)}  ${"value".padEnd(v)}  budget`);
for (const [a, b, c] of rows) console.log(`${a.padEnd(w)}  ${b.padEnd(v)}  ${c}`);
if (l) console.log(`\n/ loads: ${l.jsFiles.map((f) => `${f.url} ${f.gzipKb.toFixed(1)} KB`).join(", ")}`);
