/**
 * A second process for tests/integration/jobs.test.ts: opens the database of DATA_DIR (or
 * DATABASE_URL + TEST_SCHEMA), enqueues one `test.crash` job and runs it with a 1 s lease; the
 * handler prints `started <id>` and never returns, so the test can kill -9 this process mid-job.
 */
import pino from "pino";
import { openDatabase } from "../../src/server/db/client";
import { createJobQueue } from "../../src/server/jobs/queue";

const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR,
  schema: process.env.TEST_SCHEMA || undefined,
});
const q = createJobQueue({
  db: database.db,
  logger: pino({ level: "silent" }),
  databaseUrl: process.env.DATABASE_URL,
  schema: process.env.TEST_SCHEMA || undefined,
  pollMs: 50,
  leaseMs: 1_000,
  concurrency: 1,
  backoffMs: 100,
});
q.register("test.crash", async ({ id }) => {
  process.stdout.write(`started ${id}\n`);
  await new Promise(() => {});
});
await q.enqueue("test.crash", {});
q.start();
