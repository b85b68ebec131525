/**
 * Upload bench (issue 12 item 1): runs the bundled server (`node scripts/build-server.mjs` first)
 * as its own process on PGlite, uploads FILES files of 19.5 MB to `POST /api/case-law/import`
 * and, during the upload and the import job, polls `/api/health` every 50 ms and the server's
 * RSS (/proc) every 100 ms. Prints health p50/p99/max per phase and RSS before/peak/after.
 *   npx tsx bench/upload-health.ts [files=15] [maxJobSeconds=600]
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const FILES = Number(process.argv[2] ?? 15);
const MAX_JOB_S = Number(process.argv[3] ?? 600);
const MB = 1024 * 1024;
const port = 30_000 + Math.floor(Math.random() * 20_000);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), "lexmate-upload-bench-"));

const rssOf = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : 0;
};
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => (s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))] : Number.NaN);
  return `n=${s.length} p50=${q(0.5).toFixed(1)} ms p99=${q(0.99).toFixed(1)} ms max=${(s.at(-1) ?? Number.NaN).toFixed(1)} ms`;
};

function opinion(n: number, bytes: number) {
  const head = `---\ntitle: 'Bench${n} v. Upload Carriers Inc.'\ncite: '${700 + n} F.4th ${10 + n}'\njurisdiction: '9th Cir.'\npublished: '2030'\n---\n\n`;
  const para = `The carrier Bench${n} moved freight for the plaintiff, and a winch cable failed on quay ${n}. We hold that a carrier must inspect its cranes at reasonable intervals and that the duty does not require perfection. `;
  return head + para.repeat(Math.ceil((bytes - head.length) / para.length)).slice(0, bytes - head.length);
}

async function main() {
  const server: ChildProcess = spawn(process.execPath, ["dist/server/main.mjs"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      RATE_LIMIT_DISABLED: "true",
      DATABASE_URL: "",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {}
      if (i > 600) throw new Error("server did not start");
      await new Promise((r) => setTimeout(r, 100));
    }
    const email = "bench-upload@example.com";
    const cookies = new Map<string, string>();
    const call = async (path: string, init: RequestInit = {}) => {
      const res = await fetch(base + path, {
        ...init,
        headers: {
          origin: base,
          cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; "),
          ...(init.headers ?? {}),
        },
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
    const outbox = join(dataDir, "outbox");
    const mail = JSON.parse(readFileSync(join(outbox, readdirSync(outbox)[0]), "utf8")) as { links: string[] };
    const token = new URLSearchParams(new URL(mail.links[0]).hash.slice(1)).get("token");
    await call("/api/account/confirm", { method: "POST", headers: json, body: JSON.stringify({ token }) });

    const form = new FormData();
    for (let i = 0; i < FILES; i++)
      form.append("files", new Blob([opinion(i, Math.round(19.5 * MB))]), `bench-${i}.md`);
    const pid = server.pid!;
    const rss0 = rssOf(pid);
    let rssPeak = rss0;
    let phase: "upload" | "job" = "upload";
    const health: Record<string, number[]> = { upload: [], job: [] };
    let running = true;
    const rssTimer = setInterval(() => {
      rssPeak = Math.max(rssPeak, rssOf(pid));
    }, 100);
    const poller = (async () => {
      while (running) {
        const t0 = performance.now();
        const r = await fetch(`${base}/api/health`);
        await r.arrayBuffer();
        health[phase].push(performance.now() - t0);
        await new Promise((r2) => setTimeout(r2, 50));
      }
    })();
    const t0 = performance.now();
    const res = await call("/api/case-law/import", { method: "POST", body: form });
    const uploadMs = performance.now() - t0;
    const { jobId } = (await res.json()) as { jobId: string };
    const rssAfterUpload = rssOf(pid);
    phase = "job";
    console.log(
      `upload of ${FILES} × 19.5 MB answered ${res.status} in ${(uploadMs / 1000).toFixed(1)} s; /api/health meanwhile: ${stats(health.upload)}; RSS ${rss0.toFixed(0)} → ${rssAfterUpload.toFixed(0)} MB (peak ${rssPeak.toFixed(0)} MB)`,
    );
    let state = "queued";
    let result: { counts?: unknown } | null = null;
    const t1 = performance.now();
    while (performance.now() - t1 < MAX_JOB_S * 1000) {
      const j = (await (await call(`/api/jobs/${jobId}`)).json()) as {
        state: string;
        progress: number;
        result: { counts?: unknown } | null;
      };
      state = `${j.state} ${j.progress}%`;
      if (["succeeded", "failed", "cancelled"].includes(j.state)) {
        result = j.result;
        break;
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
    const jobMs = performance.now() - t1;
    running = false;
    await poller;
    clearInterval(rssTimer);
    await new Promise((r) => setTimeout(r, 2000));
    const rssEnd = rssOf(pid);
    console.log(`upload of ${FILES} × 19.5 MB: ${res.status} in ${(uploadMs / 1000).toFixed(1)} s`);
    console.log(`  /api/health during the upload: ${stats(health.upload)}`);
    console.log(`  /api/health during the job (${state}, ${(jobMs / 1000).toFixed(0)} s): ${stats(health.job)}`);
    console.log(
      `  server RSS: before ${rss0.toFixed(0)} MB, after the upload ${rssAfterUpload.toFixed(0)} MB, peak ${rssPeak.toFixed(0)} MB, 2 s after ${rssEnd.toFixed(0)} MB`,
    );
    if (result) console.log("  result counts", JSON.stringify(result.counts));
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
