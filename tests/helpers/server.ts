/**
 * Test harness: boots the real server on 127.0.0.1:0 against a fresh PGlite in a temp DATA_DIR,
 * or — when DATABASE_URL is set — against PostgreSQL in a schema of its own (dropped afterwards).
 * `client()` is a fetch wrapper with a cookie jar and the Origin header better-auth requires.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import pino, { type Logger } from "pino";
import type { AnswerEngine } from "../../src/server/ai/types";
import { boot, type Server } from "../../src/server/boot";
import { parseEnv } from "../../src/server/env";

export interface TestServer extends Server {
  dataDir: string;
  outbox(): { to: string; subject: string; text: string; links: string[] }[];
  lastLink(to: string, contains?: string): string;
}

let template: { file: string; blob: Blob } | null = null;

/**
 * The migrated and seeded PGlite dump of tests/setup/pglite-template.ts, when the run made one
 * and the server uses the official content on PGlite; undefined otherwise (the server then
 * migrates and seeds an empty database, as a first start does).
 */
function pgliteTemplate(databaseUrl: string | undefined, extra: Record<string, string>): Blob | undefined {
  const file = process.env.LEXMATE_TEST_PGLITE_TEMPLATE;
  if (!file || databaseUrl || extra.CONTENT_DIR) return undefined;
  if (template?.file !== file) template = { file, blob: new Blob([readFileSync(file)]) };
  return template.blob;
}

export async function startTestServer(
  extra: Record<string, string> = {},
  opts: { now?: () => Date; engine?: AnswerEngine; schema?: string; logger?: Logger } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "lexmate-test-"));
  const schema =
    opts.schema ??
    (process.env.DATABASE_URL ? `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}` : undefined);
  const env = parseEnv({
    NODE_ENV: "test",
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.DATABASE_URL,
    LOG_LEVEL: "silent",
    ...extra,
  });
  const server = await boot({
    env,
    schema,
    initialDataDir: pgliteTemplate(env.DATABASE_URL, extra),
    logger: opts.logger ?? pino({ level: "silent" }),
    now: opts.now,
    engine: opts.engine,
  });
  const outboxDir = join(dataDir, "outbox");
  const outbox = () => {
    let files: string[] = [];
    try {
      files = readdirSync(outboxDir).sort();
    } catch {
      return [];
    }
    return files.map((f) => JSON.parse(readFileSync(join(outboxDir, f), "utf8")));
  };
  return {
    ...server,
    dataDir,
    outbox,
    lastLink(to: string, contains = "") {
      const mail = outbox().filter((m) => m.to === to && m.links.some((l: string) => l.includes(contains)));
      if (!mail.length) throw new Error(`no email to ${to} with a link containing '${contains}'`);
      return mail[mail.length - 1].links.find((l: string) => l.includes(contains))!;
    },
    close: async () => {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (schema && process.env.DATABASE_URL) {
        const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await c.connect();
        await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await c.end();
      }
    },
  };
}

export interface Client {
  fetch(path: string, init?: { method?: string; body?: unknown; headers?: Record<string, string> }): Promise<Response>;
  json<T = unknown>(
    path: string,
    init?: { method?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: T }>;
  cookies: Map<string, string>;
}

export function client(base: string): Client {
  const cookies = new Map<string, string>();
  const doFetch = async (
    path: string,
    init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const headers: Record<string, string> = { origin: base, ...(init.headers ?? {}) };
    if (cookies.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (init.body !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(base + path, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers,
      body: init.body === undefined ? undefined : typeof init.body === "string" ? init.body : JSON.stringify(init.body),
      redirect: "manual",
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair.indexOf("=");
      const name = pair.slice(0, i);
      const value = pair.slice(i + 1);
      if (!value || /max-age=0/i.test(c)) cookies.delete(name);
      else cookies.set(name, value);
    }
    return res;
  };
  return {
    cookies,
    fetch: doFetch,
    async json(path, init) {
      const res = await doFetch(path, init);
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : null) as never };
    },
  };
}

export const STRONG_PASSWORD = "Quiet-Harbor-Lantern-42";

/** Signs up, confirms through the outbox link, and returns a signed-in client. */
export async function signedInUser(server: TestServer, email: string, password = STRONG_PASSWORD): Promise<Client> {
  const c = client(server.url);
  const up = await c.json("/api/auth/sign-up/email", { body: { email, password, name: email.split("@")[0] } });
  if (up.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(up.body)}`);
  const token = tokenFromLink(server.lastLink(email, "/auth/callback"));
  const confirmed = await c.json("/api/account/confirm", { body: { token } });
  if (confirmed.status !== 200) throw new Error(`confirm failed: ${JSON.stringify(confirmed.body)}`);
  return c;
}

export function tokenFromLink(link: string): string {
  const hash = new URL(link).hash.slice(1);
  return new URLSearchParams(hash).get("token")!;
}

/** Polls `GET /api/jobs/:id` as `c` until the job is succeeded, failed or cancelled; returns it. */
export async function waitForJob<R = unknown>(
  c: Client,
  jobId: string,
  timeoutMs = 60_000,
): Promise<{ id: string; state: string; progress: number; message: string; error: string | null; result: R }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await c.json<{ state: string; progress: number; message: string; error: string | null; result: R }>(
      `/api/jobs/${jobId}`,
    );
    if (r.status !== 200) throw new Error(`GET /api/jobs/${jobId}: ${r.status} ${JSON.stringify(r.body)}`);
    if (["succeeded", "failed", "cancelled"].includes(r.body.state)) return { id: jobId, ...r.body };
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${r.body.state} after ${timeoutMs} ms`);
    await new Promise((res) => setTimeout(res, 50));
  }
}
