/**
 * `npm run bench`: measures the budgets of DESIGN.md §6 that exist so far and prints a table.
 * - cold start: spawn `npm start`'s server on a fresh DATA_DIR, time to the first 200 /api/health
 * - warm start: the same DATA_DIR again
 * - idle RSS of the server process after boot
 * - initial JavaScript (gzip) of `/` and of the signed-in shell (`/chat`)
 * Not timed assertions: it reports; budgets are compared in the output.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const PORT = 3197;

async function startOnce(dataDir: string): Promise<{ ms: number; rssMb: number }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], { env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: "silent" }, stdio: "ignore" });
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
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
  return { ms, rssMb: rssKb / 1024 };
}

function jsSizes() {
  const dist = "dist/web";
  const html = readFileSync(join(dist, "index.html"), "utf8");
  const initial = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const gz = (f: string) => gzipSync(readFileSync(join(dist, f))).length;
  const landing = initial.reduce((n, f) => n + gz(f), 0);
  const files = readdirSync(join(dist, "assets"));
  const shell = files.filter((f) => /^(app-routes|useQuery|card)-.*\.js$/.test(f)).reduce((n, f) => n + gz(`/assets/${f}`), 0);
  return { landingKb: landing / 1024, chatKb: (landing + shell) / 1024 };
}

const rows: [string, string, string][] = [];
const dir = mkdtempSync(join(tmpdir(), "lexmate-bench-"));
try {
  const cold = await startOnce(dir);
  const warm = await startOnce(dir);
  rows.push(["cold start to first 200 /api/health (fresh PGlite, migrations, content seed)", `${cold.ms.toFixed(0)} ms`, "—"]);
  rows.push(["warm start to first 200 /api/health", `${warm.ms.toFixed(0)} ms`, "—"]);
  rows.push(["server RSS at idle (PGlite)", `${warm.rssMb.toFixed(0)} MB`, "≤ 400 MB"]);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const js = jsSizes();
rows.push(["initial JS for / (gzip)", `${js.landingKb.toFixed(1)} KB`, "≤ 120 KB"]);
rows.push(["initial JS for /chat, signed-in shell (gzip)", `${js.chatKb.toFixed(1)} KB`, "≤ 250 KB"]);
const w = Math.max(...rows.map((r) => r[0].length));
console.log(`${"measure".padEnd(w)}  value      budget`);
for (const [a, b, c] of rows) console.log(`${a.padEnd(w)}  ${b.padEnd(9)}  ${c}`);
