/**
 * The utilities page (issue 17 §2): diagnostics, a test email, index rebuilds, re-seeding the
 * official content, and a database backup download (PGlite: `dumpDataDir` tarball; PostgreSQL:
 * `pg_dump` when it is installed).
 */
import { spawn, spawnSync } from "node:child_process";
import { statfs } from "node:fs/promises";
import { resolve } from "node:path";
import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { loadContent } from "../../../content/load";
import { seedContent } from "../../../content/seed";
import type { Db } from "../../../db/client";
import type { AppDeps } from "../../../lib/context";
import { AppError } from "../../../lib/errors";
import { settleIndexes } from "../../case-law/import.service";
import { jobsSummary } from "./jobs.service";

const ms = (t0: number) => Math.round(performance.now() - t0);

/** Every check; each says ok and a one-line detail. Never throws. */
export async function diagnostics(deps: AppDeps) {
  const { env, database, storage } = deps;
  const t0 = performance.now();
  let dbOk = true;
  let dbDetail = "";
  try {
    const r = await database.db.execute(sql`select version() as v`);
    const row = (Array.isArray(r) ? r[0] : (r as { rows: { v: string }[] }).rows[0]) as { v: string } | undefined;
    dbDetail = String(row?.v ?? "").split(",")[0];
  } catch (err) {
    dbOk = false;
    dbDetail = (err as Error).message;
  }
  const dbMs = ms(t0);
  let storageOk = true;
  let storageDetail = storage.kind === "s3" ? "S3-compatible bucket" : `local files under ${resolve(env.DATA_DIR)}`;
  try {
    const key = `diagnostics/${Date.now()}`;
    await storage.put(key, Readable.from([Buffer.from("ok")]));
    await storage.delete(key);
    storageDetail += ": write and delete ok";
  } catch (err) {
    storageOk = false;
    storageDetail += `: ${(err as Error).message}`;
  }
  const jobs = await jobsSummary(database.db).catch(() => null);
  let disk: { ok: boolean; detail: string; freeBytes: number | null; totalBytes: number | null } = {
    ok: false,
    detail: "unknown",
    freeBytes: null,
    totalBytes: null,
  };
  try {
    const s = await statfs(resolve(env.DATA_DIR));
    const free = s.bavail * s.bsize;
    const total = s.blocks * s.bsize;
    disk = {
      ok: free > 1024 ** 3,
      detail: `${(free / 1024 ** 3).toFixed(1)} GB free of ${(total / 1024 ** 3).toFixed(1)} GB`,
      freeBytes: free,
      totalBytes: total,
    };
  } catch (err) {
    disk.detail = (err as Error).message;
  }
  return {
    version: deps.version,
    node: process.version,
    uptimeSeconds: Math.round(process.uptime()),
    database: { ok: dbOk, detail: dbDetail, kind: database.kind, latencyMs: dbMs },
    storage: { ok: storageOk, detail: storageDetail, kind: storage.kind },
    mail: {
      ok: true,
      transport: env.SMTP_URL ? "smtp" : "outbox",
      detail: env.SMTP_URL ? "SMTP server configured" : "no SMTP_URL: emails are written to DATA_DIR/outbox",
    },
    jobs: jobs
      ? {
          ok: jobs.failed === 0,
          detail: `${jobs.queued} queued, ${jobs.running} running, ${jobs.failed} failed`,
          ...jobs,
        }
      : { ok: false, detail: "could not read the jobs table", queued: 0, running: 0, failed: 0 },
    disk,
    llm: { ok: true, provider: env.LLM_PROVIDER, detail: "see the askjds page for the stored configuration" },
  };
}

/** Sends the test email; throws the transport's error as UNAVAILABLE. */
export async function sendTestMail(deps: AppDeps, to: string) {
  try {
    await deps.mailer.send({
      to,
      subject: `${deps.brandName} test email`,
      text: `This is a test email from ${deps.brandName} (${deps.appUrl}). If you can read it, mail works.`,
      html: `<p>This is a test email from ${deps.brandName} (${deps.appUrl}). If you can read it, mail works.</p>`,
    });
  } catch (err) {
    throw new AppError("UNAVAILABLE", `The mail transport refused the test email: ${(err as Error).message}`);
  }
  return { sent: true as const, transport: deps.env.SMTP_URL ? "smtp" : "outbox" };
}

/** Rebuilds the case-law and notes full-text indexes and refreshes planner statistics. */
export async function rebuildSearch(db: Db) {
  const t0 = performance.now();
  await db.execute(sql`reindex table opinions`);
  await db.execute(sql`reindex table opinion_passages`);
  await settleIndexes(db);
  return { ms: ms(t0) };
}

/** Re-runs the boot-time content seed from CONTENT_DIR (idempotent). */
export async function reseed(deps: AppDeps) {
  const t0 = performance.now();
  const { corpus } = loadContent(resolve(deps.env.CONTENT_DIR));
  await seedContent(deps.database.db, corpus);
  return { ms: ms(t0) };
}

const hasPgDump = () => spawnSync("pg_dump", ["--version"], { stdio: "ignore" }).status === 0;

/** The backup as a download Response. CONFLICT on PostgreSQL without pg_dump. */
export async function backupResponse(deps: AppDeps): Promise<Response> {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  if (deps.database.kind === "pglite" && deps.database.dumpDataDir) {
    const blob = await deps.database.dumpDataDir();
    return new Response(blob.stream(), {
      headers: {
        "content-type": "application/gzip",
        "content-disposition": `attachment; filename="lexmate-pglite-${stamp}.tar.gz"`,
      },
    });
  }
  if (!deps.env.DATABASE_URL || !hasPgDump())
    throw new AppError(
      "CONFLICT",
      "pg_dump is not installed on this server; back up PostgreSQL with your host's tools.",
    );
  const child = spawn("pg_dump", ["--no-owner", "--no-privileges", deps.env.DATABASE_URL], {
    stdio: ["ignore", "pipe", "ignore"],
  });
  return new Response(Readable.toWeb(child.stdout) as ReadableStream, {
    headers: {
      "content-type": "application/sql",
      "content-disposition": `attachment; filename="lexmate-${stamp}.sql"`,
    },
  });
}
