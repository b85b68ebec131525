/**
 * A second app process for multi-process tests: boots the real server on PostgreSQL in the
 * schema TEST_SCHEMA (shared with the test's own server), prints `{"url":…}` on one line, and
 * closes cleanly on SIGTERM. Run with `node --import tsx tests/helpers/child-server.ts`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { boot } from "../../src/server/boot";
import { parseEnv } from "../../src/server/env";

const dataDir = mkdtempSync(join(tmpdir(), "lexmate-child-"));
const env = parseEnv({
  NODE_ENV: "test",
  PORT: "0",
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  DATABASE_URL: process.env.DATABASE_URL,
  AUTH_SECRET: process.env.AUTH_SECRET,
  RATE_LIMIT_DISABLED: "true",
  LOG_LEVEL: "silent",
});
const server = await boot({ env, schema: process.env.TEST_SCHEMA, logger: pino({ level: "silent" }) });
process.stdout.write(`${JSON.stringify({ url: server.url, pid: process.pid })}\n`);
process.on("SIGTERM", () => {
  void server.close().finally(() => {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
});
