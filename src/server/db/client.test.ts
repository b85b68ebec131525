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
