/**
 * Boot sequence shared by `npm start`, the tests and the benchmarks:
 * config → database (+ migrations) → content seed → auth → app → HTTP server.
 * Returns `{ url, close }`; `close()` stops accepting connections and closes the database.
 */
import { join, resolve } from "node:path";
import { serve } from "@hono/node-server";
import pino, { type Logger } from "pino";
import { createAnswerEngine } from "./ai";
import type { AnswerEngine } from "./ai/types";
import { answerClientError } from "./lib/client-error";
import { createApp } from "./app";
import { createAuth, syncAdmins } from "./auth/auth";
import { loadContent } from "./content/load";
import { seedContent } from "./content/seed";
import { seedOfficialCourses } from "./features/courses/official-courses";
import { type Database, openDatabase } from "./db/client";
import type { Env } from "./env";
import { seedPricing } from "./features/billing/pricing.service";
import { trustedOriginsOf } from "./lib/origin-check";
import { authSecret } from "./lib/secret";
import { settleHeap, tightenHeapGrowth } from "./lib/settle-heap";
import { registerCaseLawImportJob } from "./features/case-law/import.job";
import { registerOutlineAnalysisJob } from "./features/outlines/analysis/analysis.service";
import { registerAnalyticsPruneJob, scheduleAnalyticsPrune } from "./features/analytics/prune.job";
import { backfillActivityRollups } from "./features/analytics/analytics.service";
import { registerCourseVideoJob } from "./features/courses/video-upload";
import { createJobQueue, type JobQueue } from "./jobs/queue";
import { createMailer, type Mailer, queuedMailer } from "./mail/mailer";
import { createLocalBus, createPostgresBus, type RealtimeBus } from "./realtime/bus";
import { createStorage, type Storage } from "./storage";

export const VERSION = "0.1.0";
export const BRAND_NAME = "Lexmate";

export interface Server {
  url: string;
  port: number;
  database: Database;
  logger: Logger;
  /** The `/api` operations the app mounts (method and path), for the contract test. */
  apiRoutes(): { method: string; path: string }[];
  jobs: JobQueue;
  storage: Storage;
  close(): Promise<void>;
}

export interface BootOptions {
  env: Env;
  logger?: Logger;
  /** Replaces the mail transport (the queue still carries every message). */
  mailer?: Mailer;
  /** Replaces the file storage chosen by configuration. */
  storage?: Storage;
  /** PostgreSQL schema for test isolation. */
  schema?: string;
  /** PGlite only: a dump a new database starts from (db/client.ts `initialDataDir`; tests). */
  initialDataDir?: Blob;
  now?: () => Date;
  /** Replaces the answer engine (tests that need a scripted one). */
  engine?: AnswerEngine;
  /**
   * After the answer engine's warm-up, collect the boot's garbage at once (lib/settle-heap.ts) so
   * an idle server is at its resting size, and keep V8's heap growth tight from then on
   * (`tightenHeapGrowth`, decision 074 §6); `main.ts` sets it (not tests, which share a process).
   */
  settleHeap?: boolean;
}

export async function boot(opts: BootOptions): Promise<Server> {
  const { env } = opts;
  const logger = opts.logger ?? pino({ level: env.LOG_LEVEL });
  const t0 = performance.now();
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    schema: opts.schema,
    initialDataDir: opts.initialDataDir,
  });
  let realtime: RealtimeBus | null = null;
  const jobs = createJobQueue({
    db: database.db,
    logger,
    databaseUrl: env.DATABASE_URL,
    schema: opts.schema,
    pollMs: env.JOBS_POLL_MS,
    leaseMs: env.JOBS_LEASE_MS,
    concurrency: env.JOBS_CONCURRENCY,
    backoffMs: env.JOBS_BACKOFF_MS,
  });
  try {
    const { corpus, problems } = loadContent(resolve(env.CONTENT_DIR));
    if (problems.length) {
      logger.warn(
        { problems: problems.slice(0, 20), total: problems.length },
        "official content has problems; run `npm run cli -- content:check`",
      );
    }
    const seeded = await seedContent(database.db, corpus);
    await seedPricing(database.db);
    await seedOfficialCourses(database.db, corpus);
    logger.info({ ...seeded.counts, skipped: seeded.skipped }, "official content ready");
    await syncAdmins(database.db, env.ADMIN_EMAILS);
    // The dashboard's activity roll-ups on a database from before they existed (decision 068).
    if (await backfillActivityRollups(database.db)) logger.info("admin activity roll-ups backfilled");

    const port = env.PORT;
    const appUrl = env.APP_URL ?? `http://localhost:${port}`;
    const transport =
      opts.mailer ??
      createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: join(env.DATA_DIR, "outbox"), logger });
    // No SMTP server: the outbox is written by the job's first attempt, inline (decision 049).
    const mailer = queuedMailer({ jobs, transport, inline: !env.SMTP_URL });
    const storage = opts.storage ?? createStorage({ env, dataDir: env.DATA_DIR });
    registerCaseLawImportJob({ jobs, db: database.db, storage, logger, kind: database.kind });
    registerOutlineAnalysisJob({ jobs, db: database.db, storage, logger });
    registerAnalyticsPruneJob({ jobs, db: database.db, retentionDays: env.ANALYTICS_RETENTION_DAYS, logger });
    registerCourseVideoJob({ jobs, db: database.db, storage, dataDir: env.DATA_DIR, logger });
    realtime = env.DATABASE_URL
      ? createPostgresBus({ url: env.DATABASE_URL, schema: opts.schema, logger, db: database.db })
      : createLocalBus();
    const bus = realtime;
    let engine: AnswerEngine | undefined = opts.engine;
    let warmed: Promise<unknown> = Promise.resolve();
    if (!engine) {
      const companion = createAnswerEngine({ db: database.db, env, logger, secret: authSecret(env) });
      // Build the search index in the background so the first question does not wait for it.
      warmed = companion
        .warm()
        .catch((err) =>
          logger.warn({ err }, "answer engine: index warm-up failed; it will be built on the first question"),
        );
      engine = companion;
    }
    const build = (url: string) => {
      const auth = createAuth({
        db: database.db,
        appUrl: url,
        secret: authSecret(env),
        mailer,
        brandName: BRAND_NAME,
        adminEmails: env.ADMIN_EMAILS,
        rateLimitDisabled: env.RATE_LIMIT_DISABLED,
        logger,
        trustedOrigins: trustedOriginsOf(env, url),
        onSessionRevoked: (userId) => bus.announce({ type: "session.revoked", userId }),
      });
      return createApp({
        env,
        database,
        auth,
        mailer,
        logger,
        appUrl: url,
        brandName: BRAND_NAME,
        version: VERSION,
        now: opts.now,
        engine,
        realtime: bus,
        jobs,
        storage,
      });
    };
    // Port 0 (tests): listen first, then build the app for the real URL.
    let app = port === 0 ? null : build(appUrl);
    const server = await new Promise<ReturnType<typeof serve>>((res) => {
      const s = serve({ fetch: (req, envArg) => app!.fetch(req, envArg), port, hostname: env.HOST }, () => res(s));
    });
    server.on("clientError", answerClientError);
    const address = server.address();
    const actualPort = typeof address === "object" && address ? address.port : port;
    const url = port === 0 ? `http://127.0.0.1:${actualPort}` : appUrl;
    if (!app) app = build(url);
    let stopPrune = () => {};
    if (env.JOBS_CONCURRENCY > 0) {
      jobs.start();
      stopPrune = scheduleAnalyticsPrune(jobs, logger);
    }
    logger.info({ url, db: database.kind, ms: Math.round(performance.now() - t0) }, "Lexmate is ready");
    if (opts.settleHeap) tightenHeapGrowth();
    if (opts.settleHeap)
      void warmed.then(() => settleHeap()).then((settled) => settled && logger.info(settled, "boot garbage collected"));
    let closed = false;
    return {
      url,
      port: actualPort,
      database,
      logger,
      apiRoutes: () =>
        app!.routes
          .filter((r) => r.path.startsWith("/api/") && r.method !== "ALL" && !r.path.includes("*"))
          .map((r) => ({ method: r.method.toLowerCase(), path: r.path })),
      jobs,
      storage,
      close: async () => {
        if (closed) return;
        closed = true;
        await new Promise<void>((res) => {
          server.close(() => res());
          (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        });
        stopPrune();
        await jobs.stop();
        await bus.close();
        await database.close();
      },
    };
  } catch (err) {
    await jobs.stop();
    await realtime?.close();
    await database.close();
    throw err;
  }
}
