/** Shared Hono context types: the app's dependencies and the signed-in user. */
import type { Logger } from "pino";
import type { AnswerEngine } from "../ai/types";
import type { Auth } from "../auth/auth";
import type { Database } from "../db/client";
import type { Entitlements } from "../features/billing/entitlements";
import type { Env } from "../env";
import type { JobQueue } from "../jobs/queue";
import type { Mailer } from "../mail/mailer";
import type { RealtimeBus } from "../realtime/bus";
import type { Storage } from "../storage/types";

export interface AppDeps {
  env: Env;
  database: Database;
  auth: Auth;
  mailer: Mailer;
  logger: Logger;
  appUrl: string;
  brandName: string;
  version: string;
  /** The companion's answer engine (src/server/ai). */
  engine: AnswerEngine;
  /** Per-user change bus behind GET /api/realtime (in-process on PGlite, LISTEN/NOTIFY on PostgreSQL). */
  realtime: RealtimeBus;
  /** Background jobs (src/server/jobs): enqueue work, follow it, cancel it. */
  jobs: JobQueue;
  /** File storage (src/server/storage): uploads stream here. */
  storage: Storage;
  /** Injectable clock (tests). */
  now?: () => Date;
}

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  isAdmin: boolean;
}

export type AppEnv = {
  /** `bodyLimit`: the request-body limit in bytes in force for this request (lib/body-limit). */
  /** `entitlements`: the signed-in user's lazily resolved tier (features/billing/entitlements). */
  Variables: {
    user: SessionUser | null;
    requestId: string;
    deps: AppDeps;
    bodyLimit?: number;
    entitlements?: Entitlements;
  };
};
