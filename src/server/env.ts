/**
 * Configuration: the only reader of `process.env` (DESIGN.md §3). Parsed once at boot with zod;
 * a bad value stops the process with one line naming the variable. Every variable is listed in
 * README.md's configuration table.
 */
import { z } from "zod";

const bool = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");
const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? "")
      .split(",")
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /** Public origin used in email links and the auth origin check, e.g. https://lexmate.example. */
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().default("./data"),
  /** postgres://… switches from the embedded PGlite to PostgreSQL. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  /** Secret for signing sessions and tokens; generated into DATA_DIR when unset. */
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, "must start with smtp:// or smtps://").optional(),
  MAIL_FROM: z.string().default("Lexmate <no-reply@lexmate.local>"),
  ADMIN_EMAILS: list,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Turn off auth rate limits (only for local load tests). */
  RATE_LIMIT_DISABLED: bool,
  /** Hosts served as the "Lexmate Bar" variant, comma-separated (issue 7). */
  BRAND_HOSTS: z.string().optional(),
  ADMIN_HOSTS: list,
  CONTENT_DIR: z.string().default("./content"),
  WEB_DIST: z.string().default("./dist/web"),
});

export type Env = z.infer<typeof envSchema>;

/** Parses `source` (default `process.env`); throws an Error whose message is one line per bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `Invalid configuration: ${i.path.join(".")}: ${i.message}`);
    throw new Error(lines.join("\n"));
  }
  return result.data;
}
