/**
 * Opens the database: embedded PGlite in `dataDir` (default) or PostgreSQL when `databaseUrl`
 * is set (DESIGN.md §4). Runs the migrations in-process before returning.
 *
 * PGlite has no cross-process lock, so `openDatabase` takes `<dataDir>/lexmate.lock` and a second
 * process on the same directory fails with `DataDirLockedError` naming the holder's pid.
 * On PostgreSQL, migrations run under an advisory lock so several processes can boot at once;
 * `schema` (tests) puts every table in a schema of its own.
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle inside `db.transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** What a service takes: the database, or the transaction it must join. */
export type DbOrTx = Db | Tx;

/**
 * Runs raw SQL and returns its rows. Both drivers answer `execute` with `{ rows }` (PGlite and
 * node-postgres); the one place that shape is read.
 */
export async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const r = (await db.execute(query)) as unknown as { rows: T[] };
  return r.rows;
}

/** PostgreSQL returns count(*) as bigint (a string with node-postgres): always read through this. */
export const num = (v: unknown): number => (v == null ? 0 : Number(v));

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs one SQL statement outside drizzle (LISTEN/NOTIFY helpers, health checks). */
  exec(sql: string): Promise<void>;
  /** PGlite only: the data directory as a gzipped tarball (the admin's backup download). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres://… ; when absent PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory; `memory://` for a throw-away database (tests). */
  dataDir?: string;
  /** PostgreSQL schema to use instead of `public` (created when missing). */
  schema?: string;
  /**
   * PGlite only: a data directory dump (`dumpDataDir`, gzipped tar) a new database starts from
   * instead of an empty cluster; migrations then apply only what the dump lacks. Ignored when
   * the data directory already holds a database. The test harness starts each server from one
   * migrated and seeded dump (decision 085).
   */
  initialDataDir?: Blob;
}

export class DataDirLockedError extends Error {}

const MIGRATIONS = resolve(dirname(fileURLToPath(import.meta.url)), "migrations");

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Takes the data directory's lock file or throws DataDirLockedError; returns the release function. */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, "lexmate.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const holder = Number.parseInt(readFileSync(file, "utf8"), 10);
      if (Number.isFinite(holder) && holder !== process.pid && pidAlive(holder)) {
        throw new DataDirLockedError(
          `The data directory ${resolve(dir)} is already in use by another Lexmate process (pid ${holder}). ` +
            "Stop that process, or set DATA_DIR to another folder, or use PostgreSQL (DATABASE_URL) to run several processes.",
        );
      }
      rmSync(file, { force: true }); // stale lock from a process that died
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${resolve(dir)}.`);
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.schema);
  const dataDir = opts.dataDir ?? "./data";
  const memory = dataDir.startsWith("memory://");
  const release = memory ? () => {} : lockDataDir(dataDir);
  try {
    // shared_buffers 32 MB instead of PostgreSQL's 128 MB: the embedded database serves one
    // machine's users, and the smaller pool keeps the idle process within DESIGN.md §6's
    // 400 MB (decision 006).
    const pgliteOptions = { postgresqlconf: "shared_buffers=32MB" };
    const dir = join(dataDir, "pglite");
    const fresh = memory || !existsSync(join(dir, "PG_VERSION"));
    const options =
      opts.initialDataDir && fresh ? { ...pgliteOptions, loadDataDir: opts.initialDataDir } : pgliteOptions;
    const client = memory ? new PGlite(options) : new PGlite(dir, options);
    await client.waitReady;
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder: MIGRATIONS });
    return {
      db,
      kind: "pglite",
      exec: async (sql) => {
        await client.exec(sql);
      },
      dumpDataDir: () => client.dumpDataDir("gzip"),
      close: async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

async function openPostgres(url: string, schemaName?: string): Promise<Database> {
  if (schemaName && !/^[a-z_][a-z0-9_]*$/.test(schemaName)) throw new Error(`Invalid schema name ${schemaName}`);
  const pool = new pg.Pool({
    connectionString: url,
    max: 20,
    ...(schemaName ? { options: `-c search_path=${schemaName}` } : {}),
  });
  const client = await pool.connect();
  try {
    if (schemaName) await client.query(`CREATE SCHEMA IF NOT EXISTS ${schemaName}`);
    await client.query("SELECT pg_advisory_lock(727274)");
    try {
      const db = drizzlePg({ client, schema }) as unknown as Db;
      await migratePg(db as never, {
        migrationsFolder: MIGRATIONS,
        ...(schemaName ? { migrationsSchema: schemaName } : {}),
      });
    } finally {
      await client.query("SELECT pg_advisory_unlock(727274)");
    }
  } finally {
    client.release();
  }
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    exec: async (sql) => {
      await pool.query(sql);
    },
    close: () => pool.end(),
  };
}
