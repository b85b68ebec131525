/**
 * DESIGN.md §6: authenticated `GET /api/threads` (50 threads) at 50 connections — ≥ 2,000 req/s,
 * p99 ≤ 50 ms. Spawns the real server (PGlite, fresh DATA_DIR, default log level) in its own
 * process, signs a user up through the outbox link, creates 50 threads, then drives 50 keep-alive
 * connections with node:http for a warm-up and a measured window. Load generator and server share
 * this machine's cores, as they would in the budget's wording.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serverEnv } from "../scripts/server-env.mjs";

export interface ThreadsBenchResult {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitHealthy(base: string) {
  for (let i = 0; i < 2400; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await sleep(50);
  }
  throw new Error("server did not start");
}

async function signUp(base: string, dataDir: string): Promise<string> {
  const email = `bench-${Date.now()}@example.com`;
  const headers = { origin: base, "content-type": "application/json" };
  const up = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password: "Quiet-Harbor-Lantern-42", name: "Bench" }),
  });
  if (!up.ok) throw new Error(`sign-up failed: ${up.status} ${await up.text()}`);
  let link: string | undefined;
  for (let i = 0; i < 100 && !link; i++) {
    try {
      for (const f of readdirSync(join(dataDir, "outbox"))) {
        const m = JSON.parse(readFileSync(join(dataDir, "outbox", f), "utf8")) as { to: string; links: string[] };
        if (m.to === email) link = m.links.find((l) => l.includes("/auth/callback"));
      }
    } catch {
      // outbox not written yet
    }
    if (!link) await sleep(100);
  }
  if (!link) throw new Error("no confirmation email");
  const token = new URLSearchParams(new URL(link).hash.slice(1)).get("token");
  const confirmed = await fetch(`${base}/api/account/confirm`, {
    method: "POST",
    headers,
    body: JSON.stringify({ token }),
  });
  const cookie = confirmed.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!confirmed.ok || !cookie) throw new Error(`confirm failed: ${confirmed.status}`);
  return cookie;
}

/** Runs `connections` keep-alive loops for `ms`; returns latencies (ms) and error count. */
function load(opts: {
  port: number;
  path: string;
  cookie: string;
  connections: number;
  ms: number;
}): Promise<{ latencies: number[]; errors: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + opts.ms;
  const one = () =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const req = http.request(
        {
          host: "127.0.0.1",
          port: opts.port,
          path: opts.path,
          agent,
          headers: { cookie: opts.cookie, accept: "application/json" },
        },
        (res) => {
          let n = 0;
          res.on("data", (chunk: Buffer) => {
            n += chunk.length;
          });
          res.on("end", () => {
            if (res.statusCode === 200 && n > 0) latencies.push(performance.now() - t0);
            else errors++;
            resolve();
          });
        },
      );
      req.on("error", () => {
        errors++;
        resolve();
      });
      req.end();
    });
  const loop = async () => {
    while (performance.now() < end) await one();
  };
  return Promise.all(Array.from({ length: opts.connections }, loop)).then(() => {
    agent.destroy();
    return { latencies, errors };
  });
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

export async function benchThreads(
  opts: { port?: number; connections?: number; seconds?: number; warmupSeconds?: number } = {},
): Promise<ThreadsBenchResult> {
  const port = opts.port ?? 3198;
  const connections = opts.connections ?? 50;
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "lexmate-bench-threads-"));
  let child: ChildProcess | null = null;
  if (spawnSync(process.execPath, ["scripts/build-server.mjs"], { stdio: "inherit" }).status !== 0)
    throw new Error("server bundle failed to build");
  try {
    child = spawn(process.execPath, ["dist/server/main.mjs"], {
      env: serverEnv({
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        APP_URL: base,
        DATA_DIR: dataDir,
        RATE_LIMIT_DISABLED: "true",
        NODE_ENV: "production",
      }),
      stdio: "ignore",
    });
    await waitHealthy(base);
    const cookie = await signUp(base, dataDir);
    for (let i = 0; i < 50; i++) {
      const r = await fetch(`${base}/api/threads`, {
        method: "POST",
        headers: { origin: base, cookie, "content-type": "application/json" },
        body: JSON.stringify({ title: `Bench thread ${i + 1}` }),
      });
      if (r.status !== 201) throw new Error(`thread create failed: ${r.status}`);
    }
    const check = (await (await fetch(`${base}/api/threads`, { headers: { cookie } })).json()) as {
      threads: unknown[];
    };
    if (check.threads.length !== 50) throw new Error(`expected 50 threads, got ${check.threads.length}`);
    await load({ port, path: "/api/threads", cookie, connections, ms: (opts.warmupSeconds ?? 3) * 1000 });
    const seconds = opts.seconds ?? 10;
    const { latencies, errors } = await load({ port, path: "/api/threads", cookie, connections, ms: seconds * 1000 });
    latencies.sort((a, b) => a - b);
    return {
      requests: latencies.length,
      seconds,
      rps: latencies.length / seconds,
      p50: pct(latencies, 50),
      p99: pct(latencies, 99),
      errors,
    };
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child!.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `npx tsx bench/threads.ts` runs this section alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchThreads();
  console.log(
    `GET /api/threads (50 threads, 50 connections): ${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.errors} errors  (budget ≥ 2,000 req/s, p99 ≤ 50 ms)`,
  );
}
