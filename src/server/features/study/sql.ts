/** Raw SQL helper: both drivers (PGlite and node-postgres) answer `execute` with `{ rows }`. */
import type { SQL } from "drizzle-orm";
import type { Db } from "../../db/client";

export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const r = (await db.execute(query)) as unknown as { rows: T[] };
  return r.rows;
}

/** PostgreSQL returns count(*) as bigint (a string with node-postgres): always read through this. */
export const num = (v: unknown): number => (v == null ? 0 : Number(v));
