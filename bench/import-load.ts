/**
 * Upload and import load (issue 12 item 1; DESIGN.md §6 "the largest allowed upload: RSS growth
 * ≤ 150 MB; /api/health p99 ≤ 100 ms meanwhile"). Runs the bundled server (`node
 * scripts/build-server.mjs` first; `npm run bench:import` does both) as its own process on a fresh
 * PGlite, waits until it is idle, then:
 *   1. uploads FILES opinion files of SIZE MB each in one `POST /api/case-law/import` (generated
 *      opinions, or every file under `--dir`, e.g. ../shared/data, read in place) and follows the
 *      `case-law.import` job to its end;
 *   2. (`--too-large`) sends one 300 MB file, chunked, and times its 413.
 * Meanwhile it polls `/api/health` every 50 ms and samples the server's RSS (/proc, worker
 * threads included) every 50 ms. Prints health p50/p95/p99/max per phase and the RSS growth over
 * the idle RSS. It reports; it asserts nothing.
 *
 *   npx tsx bench/import-load.ts [--files 15] [--size 19.5] [--dir path] [--too-large] [--max-job-s 1200]
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serverEnv } from "../scripts/server-env.mjs";

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const flag = (name: string) => process.argv.includes(`--${name}`);
const FILES = Number(arg("files", "15"));
const SIZE_MB = Number(arg("size", "19.5"));
const DIR = arg("dir", "");
const MAX_JOB_S = Number(arg("max-job-s", "1200"));
const TOO_LARGE = flag("too-large");
const ONLY_TOO_LARGE = flag("only-too-large");
const MB = 1024 * 1024;
const port = 30_000 + Math.floor(Math.random() * 20_000);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), "lexmate-import-load-"));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const rssOf = (pid: number) => {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
};
const quantile = (s: number[], p: number) =>
  s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))] : Number.NaN;
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const f = (v: number) => v.toFixed(1);
  return `n=${s.length} p50=${f(quantile(s, 0.5))} p95=${f(quantile(s, 0.95))} p99=${f(quantile(s, 0.99))} max=${f(s.at(-1) ?? Number.NaN)} ms`;
};

/** A generated opinion of `bytes` bytes: front matter, then one sentence repeated (one paragraph). */
function opinion(n: number, bytes: number) {
  const head = `---\ntitle: 'Bench${n} v. Upload Carriers Inc.'\ncite: '${700 + n} F.4th ${10 + n}'\njurisdiction: '9th Cir.'\npublished: '2030'\n---\n\n`;
  const para = `The carrier Bench${n} moved freight for the plaintiff, and a winch cable failed on quay ${n}. We hold that a carrier must inspect its cranes at reasonable intervals and that the duty does not require perfection. `;
  return head + para.repeat(Math.ceil((bytes - head.length) / para.length)).slice(0, bytes - head.length);
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...filesUnder(p));
    else if (/\.(md|txt|html?|json)$/i.test(name)) out.push(p);
  }
  return out.sort();
}

/** Health poller and RSS sampler; `phase` routes the samples. */
function monitor(pid: number) {
  const health: Record<string, number[]> = {};
  const rss: Record<string, number[]> = {};
  let phase = "idle";
  let running = true;
  const push = (to: Record<string, number[]>, key: string, v: number) => {
    to[key] = to[key] ?? [];
    to[key].push(v);
  };
  const rssTimer = setInterval(() => push(rss, phase, rssOf(pid)), 50);
  const poller = (async () => {
    while (running) {
      const t0 = performance.now();
      const p = phase;
      try {
        const r = await fetch(`${base}/api/health`);
        await r.arrayBuffer();
        if (r.status !== 200) console.log(`  /api/health answered ${r.status}`);
      } catch (err) {
        console.log(`  /api/health failed: ${(err as Error).message}`);
      }
      push(health, p, performance.now() - t0);
      await sleep(50);
    }
  })();
  return {
    health,
    rss,
    set phase(p: string) {
      phase = p;
    },
    async stop() {
      running = false;
      clearInterval(rssTimer);
      await poller;
    },
  };
}

async function signIn(dataDirPath: string) {
  const email = "bench-upload@example.com";
  const cookies = new Map<string, string>();
  const call = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(base + path, {
      ...init,
      headers: { origin: base, cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; "), ...(init.headers ?? {}) },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const at = pair.indexOf("=");
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  };
  const json = { "content-type": "application/json" };
  await call("/api/auth/sign-up/email", {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email, password: "Quiet-Harbor-Lantern-42", name: "bench" }),
  });
  const outbox = join(dataDirPath, "outbox");
  const mail = JSON.parse(readFileSync(join(outbox, readdirSync(outbox)[0]), "utf8")) as { links: string[] };
  const token = new URLSearchParams(new URL(mail.links[0]).hash.slice(1)).get("token");
  await call("/api/account/confirm", { method: "POST", headers: json, body: JSON.stringify({ token }) });
  return { call, cookie: () => [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") };
}

/** Sends one file of `bytes` bytes as a chunked multipart body; resolves with the status, ms and bytes sent. */
function sendTooLarge(cookie: string, bytes: number): Promise<{ status: number; ms: number; sentMb: number }> {
  const boundary = "----lexmate-bench-boundary";
  const t0 = performance.now();
  let sent = 0;
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}/api/case-law/import`,
      {
        method: "POST",
        headers: {
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "transfer-encoding": "chunked",
          cookie,
          origin: base,
        },
      },
      (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0, sentMb: sent / MB });
        req.destroy();
      },
    );
    req.on("error", (err) => (/ECONNRESET|EPIPE|socket hang up/.test(String(err)) ? undefined : reject(err)));
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="huge.md"\r\n\r\n`);
    const chunk = Buffer.alloc(MB, 98);
    const pump = () => {
      while (sent < bytes && !req.destroyed) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!req.destroyed) req.end(`\r\n--${boundary}--\r\n`);
    };
    pump();
  });
}

function startServer(): ChildProcess {
  const child = spawn(process.execPath, ["dist/server/main.mjs"], {
    env: serverEnv({
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      RATE_LIMIT_DISABLED: "true",
      DATABASE_URL: "",
    }),
    stdio: ["ignore", "inherit", "inherit"],
  });
  child.once("exit", (code, signal) => {
    if (!stopping) console.log(`  the server exited (code ${code}, signal ${signal})`);
  });
  return child;
}
let stopping = false;

async function ready() {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    if (i > 6000) throw new Error("server did not start in 10 minutes");
    await sleep(100);
  }
}

async function stopServer(child: ChildProcess) {
  stopping = true;
  child.kill("SIGTERM");
  if (child.exitCode === null && child.signalCode === null) await new Promise((r) => child.once("exit", r));
  stopping = false;
}

async function main() {
  // First start seeds the fresh directory; the measured server is a warm start, as `npm run bench`
  // measures idle RSS (a fresh PGlite keeps its initialisation memory).
  let server = startServer();
  try {
    await ready();
    await stopServer(server);
    server = startServer();
    await ready();
    const pid = server.pid!;
    const session = await signIn(dataDir);
    // Idle: after the companion's index is built (boot warms it in the background).
    await sleep(5000);
    const idleSamples: number[] = [];
    for (let i = 0; i < 10; i++) {
      idleSamples.push(rssOf(pid));
      await sleep(100);
    }
    const idle = quantile(
      [...idleSamples].sort((a, b) => a - b),
      0.5,
    );
    console.log(
      `server idle RSS ${idle.toFixed(0)} MB (pid ${pid}, load average ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")})`,
    );
    const mon = monitor(pid);
    const growth = (phase: string) => Math.max(0, ...(mon.rss[phase] ?? [0])) - idle;

    if (!ONLY_TOO_LARGE) {
      const form = new FormData();
      let label: string;
      if (DIR) {
        const paths = filesUnder(DIR).slice(0, 20);
        for (const p of paths) form.append("files", new Blob([readFileSync(p)]), p.slice(DIR.length + 1));
        label = `${paths.length} files from ${DIR}`;
      } else {
        for (let i = 0; i < FILES; i++)
          form.append("files", new Blob([opinion(i, Math.round(SIZE_MB * MB))]), `bench-${i}.md`);
        label = `${FILES} × ${SIZE_MB} MB`;
      }
      mon.phase = "upload";
      const t0 = performance.now();
      const res = await session.call("/api/case-law/import", { method: "POST", body: form });
      const uploadMs = performance.now() - t0;
      const { jobId } = (await res.json()) as { jobId: string };
      mon.phase = "job";
      console.log(`upload of ${label}: ${res.status} in ${(uploadMs / 1000).toFixed(1)} s`);
      console.log(`  /api/health during the upload: ${stats(mon.health.upload ?? [])}`);
      let state = "queued";
      let result: { counts?: unknown } | null = null;
      const t1 = performance.now();
      while (performance.now() - t1 < MAX_JOB_S * 1000) {
        const j = (await (await session.call(`/api/jobs/${jobId}`)).json()) as {
          state: string;
          progress: number;
          result: { counts?: unknown } | null;
        };
        state = `${j.state} ${j.progress}%`;
        if (["succeeded", "failed", "cancelled"].includes(j.state)) {
          result = j.result;
          break;
        }
        await sleep(1000);
      }
      const jobMs = performance.now() - t1;
      mon.phase = "after";
      await sleep(3000);
      console.log(
        `  /api/health during the job (${state}, ${(jobMs / 1000).toFixed(0)} s): ${stats(mon.health.job ?? [])}`,
      );
      console.log(
        `  /api/health over upload + job: ${stats([...(mon.health.upload ?? []), ...(mon.health.job ?? [])])}`,
      );
      console.log(
        `  server RSS: idle ${idle.toFixed(0)} MB; growth during the upload ${growth("upload").toFixed(0)} MB, during the job ${growth("job").toFixed(0)} MB; 3 s after ${(rssOf(pid) - idle).toFixed(0)} MB`,
      );
      if (result) console.log("  result counts", JSON.stringify(result.counts));
    }

    if (TOO_LARGE || ONLY_TOO_LARGE) {
      mon.phase = "too-large";
      const r = await sendTooLarge(session.cookie(), 300 * MB);
      await sleep(1000);
      console.log(
        `300 MB single file, chunked: ${r.status} after ${r.ms.toFixed(0)} ms, ${r.sentMb.toFixed(0)} MB written by the client; RSS growth ${growth("too-large").toFixed(0)} MB; /api/health meanwhile ${stats(mon.health["too-large"] ?? [])}`,
      );
    }
    await mon.stop();
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
