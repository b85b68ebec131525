/**
 * Configuration: the only reader of `process.env` (DESIGN.md §3). Parsed once at boot with zod;
 * a bad value stops the process with one line naming the variable. Every variable is listed in
 * README.md's configuration table.
 */
import { z } from "zod";
import { parseStorageUrl } from "./storage/config";

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

const brandHosts = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const map: Record<string, "law" | "bar"> = {};
    for (const entry of (v ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean)) {
      const m = /^([a-z0-9.\-[\]:]+)=(law|bar)$/i.exec(entry);
      if (!m) {
        ctx.addIssue({ code: "custom", message: `'${entry}' is not host=law or host=bar` });
        return z.NEVER;
      }
      map[m[1].toLowerCase()] = m[2].toLowerCase() as "law" | "bar";
    }
    return map;
  });

export const envSchema = z
  .object({
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
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
      .optional(),
    MAIL_FROM: z.string().default("Lexmate <no-reply@lexmate.local>"),
    ADMIN_EMAILS: list,
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** Turn off auth rate limits (only for local load tests). */
    RATE_LIMIT_DISABLED: bool,
    /**
     * Host → brand variant, comma-separated `host=variant` pairs with variant `law` (Lexmate) or
     * `bar` (Lexmate Bar), e.g. `lexmate.example=law,bar.lexmate.example=bar`. A host may carry a
     * port. Hosts not listed get Lexmate (SPEC.md §1 domain flag, DESIGN.md §1).
     */
    BRAND_HOSTS: brandHosts,
    /** Hosts served the administrator route table (SPEC.md §2.5), comma-separated. */
    ADMIN_HOSTS: list,
    /** How long (ms) a process may reuse a validated session before asking the database again; 0 turns the cache off. */
    SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
    CONTENT_DIR: z.string().default("./content"),
    /** The external refer-a-friend page the footer links to (SPEC.md §2.2); left out when unset. */
    REFER_A_FRIEND_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** The video channel the footer links to (SPEC.md §2.2); left out when unset. */
    VIDEO_CHANNEL_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** Where "Contact Support" mails go (SPEC.md §3 subscription page); the link is left out when unset. */
    SUPPORT_EMAIL: z.email().optional(),
    /** CourtListener API token: turns on live case-law search and one-click import (issue 5 §3). */
    COURTLISTENER_API_TOKEN: z.string().min(10, "must be a CourtListener API token").optional(),
    /** CourtListener origin (tests point it at a fake server on 127.0.0.1). */
    COURTLISTENER_BASE_URL: z.url().default("https://www.courtlistener.com"),
    WEB_DIST: z.string().default("./dist/web"),
    /**
     * File storage (decision 048): unset = local disk under DATA_DIR/files; `file:///path` = local
     * disk there; `s3://bucket[/prefix]?endpoint=http://host:port&region=…&forcePathStyle=true` =
     * S3-compatible object storage.
     */
    STORAGE_URL: z
      .string()
      .optional()
      .superRefine((v, ctx) => {
        try {
          parseStorageUrl(v, ".");
        } catch (e) {
          ctx.addIssue({ code: "custom", message: (e as Error).message });
        }
      }),
    /** S3 credentials for STORAGE_URL=s3://…; when unset the AWS SDK's default chain (AWS_* variables, instance role) applies. */
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    /** Stripe (issue 14, decision 054): set all three keys to take payments online; none = plans are granted by an administrator. */
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, "must be a Stripe secret key (sk_test_… or sk_live_…)")
      .optional(),
    STRIPE_PUBLISHABLE_KEY: z
      .string()
      .regex(/^pk_(test|live)_\w+$/, "must be a Stripe publishable key (pk_test_… or pk_live_…)")
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\w+$/, "must be a Stripe webhook signing secret (whsec_…)")
      .optional(),
    /** Stripe API origin; tests point it at a fake server on 127.0.0.1. */
    STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).default("https://api.stripe.com"),
    /**
     * Referral reward per side, in cents of Stripe customer balance credit (issue 14 item 9,
     * decision 058). Unset: one month of Unlimited (the mapped monthly price, else $10). 0 turns
     * the referral program off. Rewards need Stripe.
     */
    REFERRAL_REWARD_CENTS: z.coerce.number().int().min(0).max(1_000_000).optional(),
    /** The companion's model (issue 4): none = answers composed from our content and the student's own material. */
    LLM_PROVIDER: z.enum(["none", "openai-compatible", "anthropic"]).default("none"),
    /** openai-compatible: the API root that holds /chat/completions, e.g. https://api.openai.com/v1 or http://localhost:11434/v1. anthropic: optional override. */
    LLM_BASE_URL: z.url().optional(),
    LLM_API_KEY: z.string().optional(),
    LLM_MODEL: z.string().optional(),
    /** Longest wait (ms) for the model's first token and between tokens before the answer fails with LLM_TIMEOUT. */
    LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(45_000),
    /** Background jobs (issue 11 §5): how often (ms) an idle worker looks for due jobs; new jobs also wake it at once. */
    JOBS_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(1_000),
    /** Days analytics events are kept (issue 17 §4); the `analytics.prune` job deletes older ones daily. */
    ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(395),
    /** Jobs one process runs at once; 0 runs no worker in this process (jobs still get enqueued). */
    JOBS_CONCURRENCY: z.coerce.number().int().min(0).max(64).default(2),
    /** A running job's lease (ms): a job whose process died is run again this long after its last heartbeat. */
    JOBS_LEASE_MS: z.coerce.number().int().min(300).max(3_600_000).default(60_000),
    /** First retry delay (ms) of a failed job; doubles per attempt, capped at one hour. */
    JOBS_BACKOFF_MS: z.coerce.number().int().min(10).max(3_600_000).default(5_000),
  })
  .superRefine((v, ctx) => {
    const need = (key: "LLM_BASE_URL" | "LLM_API_KEY" | "LLM_MODEL") => {
      if (!v[key])
        ctx.addIssue({ code: "custom", path: [key], message: `is required when LLM_PROVIDER=${v.LLM_PROVIDER}` });
    };
    if (v.LLM_PROVIDER === "openai-compatible") {
      need("LLM_BASE_URL");
      need("LLM_MODEL");
    }
    if (v.LLM_PROVIDER === "anthropic") {
      need("LLM_API_KEY");
      need("LLM_MODEL");
    }
    const stripeKeys = ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"] as const;
    const stripeSet = stripeKeys.filter((k) => v[k]);
    if (stripeSet.length && stripeSet.length < stripeKeys.length)
      for (const k of stripeKeys.filter((k) => !v[k]))
        ctx.addIssue({
          code: "custom",
          path: [k],
          message: "set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET together, or none",
        });
    if (Boolean(v.S3_ACCESS_KEY_ID) !== Boolean(v.S3_SECRET_ACCESS_KEY))
      ctx.addIssue({
        code: "custom",
        path: ["S3_SECRET_ACCESS_KEY"],
        message: "set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither",
      });
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
