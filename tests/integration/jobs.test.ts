/**
 * Background jobs (issue 11 §5) against real databases: PGlite, or PostgreSQL when DATABASE_URL
 * is set (the two-worker exactly-once test needs PostgreSQL and is skipped on PGlite, which is one
 * process by design). Retry with backoff, lease reclaim after a simulated crash and after a real
 * `kill -9`, cancel, progress, history, and the HTTP API's owner scoping.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../src/server/db/client";
import { jobs, user } from "../../src/server/db/schema";
import { createJobQueue, type JobQueue, type JobQueueOptions } from "../../src/server/jobs/queue";
import { backoffMs } from "../../src/server/jobs/types";
import { client, signedInUser, startTestServer, type TestServer, waitForJob } from "../helpers/server";

const url = process.env.DATABASE_URL;
const logger = pino({ level: "silent" });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface TestDb {
  database: Database;
  dataDir: string;
  schema?: string;
  close(): Promise<void>;
}

async function openTestDb(opts: { dataDir?: string; schema?: string } = {}): Promise<TestDb> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), "lexmate-jobs-"));
  const schema = url
    ? (opts.schema ?? `t_jobs_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`)
    : undefined;
  const database = await openDatabase({ databaseUrl: url, dataDir, schema });
  return {
    database,
    dataDir,
    schema,
    close: async () => {
      await database.close();
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
      if (schema && url && !opts.schema) {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await c.end();
      }
    },
  };
}

const queueOn = (t: TestDb, extra: Partial<JobQueueOptions> = {}) =>
  createJobQueue({
    db: t.database.db,
    logger,
    databaseUrl: url,
    schema: t.schema,
    pollMs: 50,
    leaseMs: 1_000,
    concurrency: 2,
    backoffMs: 200,
    graceMs: 500,
    ...extra,
  });

const rowOf = async (t: TestDb, id: string) => (await t.database.db.select().from(jobs).where(eq(jobs.id, id)))[0];

describe("the job queue", () => {
  let t: TestDb;
  let q: JobQueue | null = null;
  beforeAll(async () => {
    t = await openTestDb();
  });
  afterEach(async () => {
    await q?.stop();
    q = null;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("doubles the delay between attempts (backoffMs)", () => {
    expect([1, 2, 3, 4].map((a) => backoffMs(a, 1000, () => 0))).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffMs(30, 1000, () => 0)).toBe(3_600_000);
    expect(backoffMs(1, 1000, () => 0.999)).toBeLessThanOrEqual(1100);
  });

  it("retries a failing job with exponential backoff, then fails it for good with its error and history", async () => {
    q = queueOn(t, { backoffMs: 300 });
    const seen: { attempt: number; runAt: Date }[] = [];
    q.register("test.flaky", async ({ id, attempt }) => {
      seen.push({ attempt, runAt: (await rowOf(t, id)).runAt });
      throw new Error(`SMTP said no (attempt ${attempt})`);
    });
    const id = await q.enqueue("test.flaky", { n: 1 }, { maxAttempts: 3 });
    q.start();
    const done = await q.wait(id, { timeoutMs: 20_000 });
    expect(done).toMatchObject({ state: "failed", attempts: 3, error: "SMTP said no (attempt 3)", progress: 0 });
    expect(seen.map((s) => s.attempt)).toEqual([1, 2, 3]);
    // run_at of attempt n+1 = the failure time + 300 ms · 2^(n-1) (+ ≤ 10 % jitter): 300 ms, then 600 ms.
    const gap1 = seen[1].runAt.getTime() - seen[0].runAt.getTime();
    const gap2 = seen[2].runAt.getTime() - seen[1].runAt.getTime();
    expect(gap1).toBeGreaterThanOrEqual(300);
    expect(gap2).toBeGreaterThanOrEqual(600);
    const row = await rowOf(t, id);
    expect(row.finishedAt!.getTime()).toBeGreaterThanOrEqual(row.startedAt!.getTime());
    expect(row.createdAt.getTime()).toBeLessThanOrEqual(row.startedAt!.getTime());
  });

  it("succeeds on a later attempt and keeps the result; a PermanentJobError fails at once", async () => {
    q = queueOn(t, { backoffMs: 50 });
    let calls = 0;
    q.register("test.second-time", async () => {
      calls++;
      if (calls < 2) throw new Error("temporary");
      return { ok: true };
    });
    const { PermanentJobError } = await import("../../src/server/jobs/types");
    q.register("test.permanent", async () => {
      throw new PermanentJobError("bad input");
    });
    const a = await q.enqueue("test.second-time", {});
    const b = await q.enqueue("test.permanent", {}, { maxAttempts: 5 });
    q.start();
    expect(await q.wait(a)).toMatchObject({ state: "succeeded", attempts: 2, result: { ok: true }, error: null });
    expect(await q.wait(b)).toMatchObject({ state: "failed", attempts: 1, error: "bad input" });
  });

  it("runs again a job left running by a crashed process once its lease expires (and only then)", async () => {
    const insert = async (leaseOffsetMs: number, attempts = 1, maxAttempts = 3) => {
      const [row] = await t.database.db
        .insert(jobs)
        .values({
          kind: "test.reclaim",
          state: "running",
          attempts,
          maxAttempts,
          lockedBy: "dead-host:4242:abcdef",
          startedAt: sql`now() - interval '1 minute'`,
          heartbeatAt: sql`now() - interval '1 minute'`,
          leaseUntil: sql`now() + (${leaseOffsetMs}::int * interval '1 millisecond')`,
          payload: { n: leaseOffsetMs },
        })
        .returning({ id: jobs.id });
      return row.id;
    };
    const expired = await insert(-1_000);
    const leased = await insert(60_000);
    const lastAttempt = await insert(-1_000, 3, 3);
    q = queueOn(t);
    const ran: string[] = [];
    q.register("test.reclaim", async ({ id }) => {
      ran.push(id);
      return "again";
    });
    q.start();
    expect(await q.wait(expired)).toMatchObject({ state: "succeeded", attempts: 2, result: "again" });
    expect(await q.wait(lastAttempt)).toMatchObject({ state: "failed", attempts: 3 });
    expect((await q.get(lastAttempt))?.error).toMatch(/lease expired/);
    await sleep(300);
    expect(ran).toEqual([expired]);
    expect((await rowOf(t, leased)).state).toBe("running");
  });

  it("reports progress and a message while running, and cancels a running job through its AbortSignal", async () => {
    q = queueOn(t);
    let sawAbort = false;
    q.register("test.long", async ({ progress, signal }) => {
      await progress(40, "Parsing 2 of 5 files…");
      await new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
      sawAbort = signal.aborted;
      throw signal.reason;
    });
    const id = await q.enqueue("test.long", {}, { maxAttempts: 3 });
    q.start();
    for (let i = 0; i < 200 && (await q.get(id))?.progress !== 40; i++) await sleep(25);
    expect(await q.get(id)).toMatchObject({ state: "running", progress: 40, message: "Parsing 2 of 5 files…" });
    await q.cancel(id);
    expect(await q.wait(id)).toMatchObject({ state: "cancelled", attempts: 1 });
    expect(sawAbort).toBe(true);
  });

  it("cancels a queued job before it runs", async () => {
    q = queueOn(t);
    let ran = false;
    q.register("test.never", async () => {
      ran = true;
    });
    const id = await q.enqueue("test.never", {}, { runAt: new Date(Date.now() + 60_000) });
    q.start();
    expect(await q.cancel(id)).toMatchObject({ state: "cancelled" });
    await sleep(200);
    expect(ran).toBe(false);
    expect((await rowOf(t, id)).finishedAt).not.toBeNull();
  });

  it("gives a job back to the queue on shutdown without counting the attempt", async () => {
    q = queueOn(t, { graceMs: 50 });
    q.register("test.slow", async ({ signal }) => {
      await new Promise((resolve) => signal.addEventListener("abort", resolve, { once: true }));
      throw signal.reason;
    });
    const id = await q.enqueue("test.slow", {});
    q.start();
    for (let i = 0; i < 200 && (await q.get(id))?.state !== "running"; i++) await sleep(25);
    await q.stop();
    q = null;
    expect(await rowOf(t, id)).toMatchObject({ state: "queued", attempts: 0, lockedBy: null });
  });
});

describe.skipIf(!url)("two workers on PostgreSQL (FOR UPDATE SKIP LOCKED)", () => {
  it("runs each of 60 jobs exactly once across two worker processes' connections", async () => {
    const a = await openTestDb();
    const b = await openTestDb({ schema: a.schema, dataDir: a.dataDir });
    const qa = queueOn(a, { concurrency: 4 });
    const qb = queueOn(b, { concurrency: 4 });
    const runs = new Map<string, string[]>();
    for (const [name, q] of [
      ["a", qa],
      ["b", qb],
    ] as const) {
      q.register("test.once", async ({ id }) => {
        runs.set(id, [...(runs.get(id) ?? []), name]);
        await sleep(15);
      });
    }
    try {
      const ids = await Promise.all(Array.from({ length: 60 }, (_, i) => qa.enqueue("test.once", { i })));
      qa.start();
      qb.start();
      for (const id of ids) expect(await qa.wait(id, { timeoutMs: 30_000 })).toMatchObject({ state: "succeeded" });
      expect([...runs.values()].every((r) => r.length === 1)).toBe(true);
      expect(runs.size).toBe(60);
      const byA = [...runs.values()].filter((r) => r[0] === "a").length;
      expect(byA).toBeGreaterThan(0);
      expect(byA).toBeLessThan(60);
    } finally {
      await qa.stop();
      await qb.stop();
      await b.database.close();
      await a.close();
    }
  });
});

describe("a real kill -9", () => {
  it("runs a job again after the process running it was killed", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "lexmate-jobs-kill-"));
    const schema = url ? `t_jobs_kill_${Date.now().toString(36)}` : undefined;
    let child: ChildProcess | null = null;
    try {
      child = spawn(process.execPath, ["--import", "tsx", "tests/helpers/jobs-child.ts"], {
        env: { ...process.env, DATA_DIR: dataDir, TEST_SCHEMA: schema ?? "" },
        stdio: ["ignore", "pipe", "inherit"],
      });
      const jobId = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child!.stdout! }).on("line", (line) => {
          const m = /^started (\S+)$/.exec(line);
          if (m) resolve(m[1]);
        });
        child!.once("exit", (code) => reject(new Error(`child exited with ${code}`)));
      });
      const exited = new Promise((r) => child!.once("exit", r));
      child.kill("SIGKILL");
      await exited;
      const t = await openTestDb({ dataDir, schema });
      const q = queueOn(t);
      q.register("test.crash", async ({ attempt }) => ({ attempt }));
      try {
        expect((await q.get(jobId))?.state).toBe("running");
        q.start();
        expect(await q.wait(jobId, { timeoutMs: 20_000 })).toMatchObject({
          state: "succeeded",
          attempts: 2,
          result: { attempt: 2 },
        });
      } finally {
        await q.stop();
        await t.database.close();
      }
    } finally {
      if (child && child.exitCode === null) child.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
      if (schema && url) {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await c.end();
      }
    }
  }, 60_000);
});

describe("GET /api/jobs/:id and POST /api/jobs/:id/cancel", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_DISABLED: "true", ADMIN_EMAILS: "boss@example.com" });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("shows a job to its owner and administrators only, with progress, and lets the owner cancel it", async () => {
    const ada = await signedInUser(server, "ada-jobs@example.com");
    const bob = await signedInUser(server, "bob-jobs@example.com");
    const boss = await signedInUser(server, "boss@example.com");
    const [{ id: adaId }] = await server.database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, "ada-jobs@example.com"));
    server.jobs.register("test.http", async ({ progress, signal }) => {
      await progress(25, "Reading 1 of 4 files…");
      await new Promise((resolve) => signal.addEventListener("abort", resolve, { once: true }));
      throw signal.reason;
    });
    const id = await server.jobs.enqueue("test.http", {}, { ownerId: adaId });
    let seen = await ada.json<{ state: string; progress: number }>(`/api/jobs/${id}`);
    for (let i = 0; i < 200 && seen.body.progress !== 25; i++) {
      await sleep(25);
      seen = await ada.json(`/api/jobs/${id}`);
    }
    expect(seen).toMatchObject({
      status: 200,
      body: { id, kind: "test.http", state: "running", progress: 25, message: "Reading 1 of 4 files…", error: null },
    });
    expect((await bob.json(`/api/jobs/${id}`)).status).toBe(404);
    expect((await bob.fetch(`/api/jobs/${id}/cancel`, { method: "POST" })).status).toBe(404);
    expect((await boss.json(`/api/jobs/${id}`)).status).toBe(200);
    expect((await client(server.url).json(`/api/jobs/${id}`)).status).toBe(401);
    expect((await ada.json("/api/jobs/not-a-uuid")).status).toBe(404);
    expect((await ada.json("/api/jobs/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    const cancelled = await ada.json(`/api/jobs/${id}/cancel`, { method: "POST" });
    expect(cancelled.status).toBe(200);
    expect((await waitForJob(ada, id)).state).toBe("cancelled");
    const again = await ada.json<{ error: { code: string } }>(`/api/jobs/${id}/cancel`, { method: "POST" });
    expect([again.status, again.body.error.code]).toEqual([409, "CONFLICT"]);
  });
});
