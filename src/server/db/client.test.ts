import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./client";

const dirs: string[] = [];
const fresh = () => {
  const d = mkdtempSync(join(tmpdir(), "lexmate-lock-"));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("PGlite data directory lock", () => {
  it("refuses a directory another live process holds, naming its pid", async () => {
    const dir = fresh();
    const other = spawn("sleep", ["10"]);
    try {
      writeFileSync(join(dir, "lexmate.lock"), String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(
        new RegExp(`already in use by another Lexmate process \\(pid ${other.pid}\\)`),
      );
    } finally {
      other.kill();
    }
  });

  it("takes over a stale lock and releases it", () => {
    const dir = fresh();
    writeFileSync(join(dir, "lexmate.lock"), "999999999");
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, "lexmate.lock"), "utf8")).toBe(String(process.pid));
    release();
    expect(existsSync(join(dir, "lexmate.lock"))).toBe(false);
  });
});

describe("PGlite initial data directory (decision 085)", () => {
  it("starts a new database from a dump, and never replaces a database already there", async () => {
    const { openDatabase } = await import("./client");
    const { sql } = await import("drizzle-orm");
    const source = await openDatabase({ dataDir: "memory://" });
    await source.exec("CREATE TABLE marker (note text); INSERT INTO marker VALUES ('from the dump')");
    const dump = await source.dumpDataDir!();
    await source.close();

    const dir = fresh();
    const first = await openDatabase({ dataDir: dir, initialDataDir: dump });
    const note = async (db: typeof first) =>
      ((await db.db.execute(sql`SELECT note FROM marker`)) as unknown as { rows: { note: string }[] }).rows[0]?.note;
    expect(await note(first)).toBe("from the dump");
    await first.exec("UPDATE marker SET note = 'the student''s own'");
    await first.close();

    // Reopened with the same dump: the data directory's own database is kept.
    const again = await openDatabase({ dataDir: dir, initialDataDir: dump });
    expect(await note(again)).toBe("the student's own");
    await again.close();
  }, 60_000);
});
