/** Shared Hono context types: the app's dependencies and the signed-in user. */
import type { Logger } from "pino";
import type { Auth } from "../auth/auth";
import type { Database } from "../db/client";
import type { Env } from "../env";
import type { Mailer } from "../mail/mailer";

export interface AppDeps {
  env: Env;
  database: Database;
  auth: Auth;
  mailer: Mailer;
  logger: Logger;
  appUrl: string;
  brandName: string;
  version: string;
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
  Variables: { user: SessionUser | null; requestId: string; deps: AppDeps };
};
