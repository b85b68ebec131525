/**
 * `npm run cli -- import:cases <path>` (DESIGN.md §5): imports a folder into the shared
 * library on the embedded database, prints every file it could not import with the reason,
 * and keys re-imports by citation. Runs on a PGlite directory of its own.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importCases } from "../../src/server/cli/import-cases";
import { openDatabase } from "../../src/server/db/client";

const body = (n: number) => "The court weighed the record and the arguments of both sides before deciding. ".repeat(n);
let dir: string;
let data: string;
const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };

function capture() {
  let text = "";
  const stream = new Writable({
    write(chunk, _enc, cb) {
      text += String(chunk);
      cb();
    },
  });
  return { stream, text: () => text };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "lexmate-cli-"));
  data = join(dir, "data");
  mkdirSync(join(dir, "cases", "nested"), { recursive: true });
  writeFileSync(
    join(dir, "cases", "alpha.md"),
    `---\ntitle: 'Alpha v. Beta'\ncite: '901 F.4th 10'\njurisdiction: '2d Cir.'\npublished: '2020'\n---\n\n${body(10)}`,
  );
  writeFileSync(
    join(dir, "cases", "nested", "gamma.txt"),
    `902 F.4th 20\n\nGAMMA INDUSTRIES, INC., Appellant,\nv.\nDELTA, Appellee.\n\nNo. 19-100.\n\nDecided March 3, 2021.\n\n${body(10)}`,
  );
  writeFileSync(join(dir, "cases", "readme.md"), "# Reading list\n\nCases for week one.");
  writeFileSync(join(dir, "cases", "image.png"), "not imported: not an opinion file type");
  process.env.DATA_DIR = data;
  delete process.env.DATABASE_URL;
});
afterAll(() => {
  process.env.DATA_DIR = saved.DATA_DIR;
  if (saved.DATABASE_URL) process.env.DATABASE_URL = saved.DATABASE_URL;
  rmSync(dir, { recursive: true, force: true });
});

describe("import:cases", () => {
  it("imports a folder, names each file it skipped, and updates on re-import", async () => {
    const out = capture();
    const code = await importCases([join(dir, "cases"), "--subject", "civil-procedure"], out.stream, out.stream);
    expect(code).toBe(0);
    expect(out.text()).toMatch(/added\s+Alpha v\. Beta, 901 F\.4th 10 \(2020\)/);
    expect(out.text()).toMatch(/added\s+Gamma Industries, Inc\. v\. Delta, 902 F\.4th 20 \(2021\)/);
    expect(out.text()).toMatch(/skipped\s+readme\.md: no case name found/);
    expect(out.text()).not.toContain("image.png");
    expect(out.text()).toMatch(/Imported 2 opinion\(s\) \(2 new, 0 updated\) from 3 file\(s\)/);

    const again = capture();
    expect(await importCases([join(dir, "cases", "alpha.md")], again.stream, again.stream)).toBe(0);
    expect(again.text()).toMatch(/updated\s+Alpha v\. Beta/);

    const database = await openDatabase({ dataDir: data });
    try {
      const rows = (await database.db.execute(
        sql`select name, subject_id, scope from opinions order by name`,
      )) as unknown as { rows: { name: string; subject_id: string; scope: string }[] };
      expect(rows.rows).toEqual([
        { name: "Alpha v. Beta", subject_id: "civil-procedure", scope: "library" },
        { name: "Gamma Industries, Inc. v. Delta", subject_id: "civil-procedure", scope: "library" },
      ]);
    } finally {
      await database.close();
    }
  });

  it("answers usage errors with exit code 2", async () => {
    const out = capture();
    expect(await importCases([], out.stream, out.stream)).toBe(2);
    expect(await importCases([join(dir, "missing")], out.stream, out.stream)).toBe(2);
    expect(await importCases([join(dir, "cases"), "--subject", "astrology"], out.stream, out.stream)).toBe(2);
    expect(out.text()).toMatch(/usage: npm run cli -- import:cases/);
  });
});
