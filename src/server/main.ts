/**
 * `npm start` entry: parse config (a bad value stops with one line naming the variable),
 * boot, and close the database cleanly on SIGTERM/SIGINT.
 */
import { DataDirLockedError } from "./db/client";
import { boot } from "./boot";
import { parseEnv } from "./env";

async function main() {
  let env: ReturnType<typeof parseEnv>;
  try {
    env = parseEnv();
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    process.exit(1);
  }
  try {
    const server = await boot({ env, settleHeap: true });
    process.stdout.write(`\n  Lexmate is running at ${server.url}  (database: ${server.database.kind})\n\n`);
    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      server.logger.info({ signal }, "shutting down");
      await server.close();
      process.exit(0);
    };
    process.on("SIGTERM", () => void stop("SIGTERM"));
    process.on("SIGINT", () => void stop("SIGINT"));
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}

void main();
