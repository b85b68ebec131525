/**
 * Seeding NextGen content (decision 079) against a real database (PGlite in a temp folder, or
 * PostgreSQL in its own schema when DATABASE_URL is set): sets, items and tasks are upserted by
 * stable id; a choice answer is stored as a list; an edited file updates its row; a removed file
 * is retired (and a student's attempt of it is kept); a file that comes back is un-retired.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import YAML from "yaml";
import { loadContent } from "../../src/server/content/load";
import { seedContent } from "../../src/server/content/seed";
import { type Database, openDatabase } from "../../src/server/db/client";
import {
  integratedSetAttempts,
  integratedSetItems,
  integratedSets,
  performanceTasks,
  user,
} from "../../src/server/db/schema";

const SET = "evidence/integrated-sets/evidence-sample-delivery-log.yaml";
const PT = "performance-tasks/pt-sample-security-deposit.yaml";
let dataDir: string;
let contentDir: string;
let schemaName: string | undefined;
let database: Database;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "lexmate-ngseed-db-"));
  schemaName = process.env.DATABASE_URL ? `ngseed_${Date.now().toString(36)}` : undefined;
  database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir, schema: schemaName });
  contentDir = mkdtempSync(join(tmpdir(), "lexmate-ngseed-content-"));
  for (const rel of [
    "subjects.yaml",
    "demo-flashcards.yaml",
    "evidence/topics/evidence-business-and-public-records.yaml",
    "evidence/topics/evidence-hearsay-within-hearsay.yaml",
    SET,
    PT,
  ]) {
    mkdirSync(dirname(join(contentDir, rel)), { recursive: true });
    cpSync(resolve("content", rel), join(contentDir, rel));
  }
}, 240_000);
afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(contentDir, { recursive: true, force: true });
  if (schemaName && process.env.DATABASE_URL) {
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query(`DROP SCHEMA IF EXISTS ${schemaName} CASCADE`);
    await c.end();
  }
});

const seed = () => seedContent(database.db, loadContent(contentDir).corpus);
const setRow = async () =>
  (await database.db.select().from(integratedSets).where(eq(integratedSets.id, "evidence-sample-delivery-log")))[0];

describe("seeding NextGen content", () => {
  it("upserts sets, items and tasks, updates an edited file, retires a removed one and brings it back", async () => {
    const first = await seed();
    expect(first.counts).toMatchObject({ integrated_sets: 1, performance_tasks: 1 });
    expect((await setRow())?.retiredAt).toBeNull();
    const items = await database.db
      .select()
      .from(integratedSetItems)
      .where(eq(integratedSetItems.setId, "evidence-sample-delivery-log"))
      .orderBy(integratedSetItems.position);
    expect(items.map((i) => [i.type, i.answer])).toEqual([
      ["choice", ["B"]],
      ["choice", ["A", "B"]],
      ["short-answer", null],
    ]);
    expect(items[2].rubric?.map((r) => r.weight)).toEqual([2, 1, 2]);
    const [task] = await database.db.select().from(performanceTasks);
    expect(task).toMatchObject({ id: "pt-sample-security-deposit", minutes: 90, kind: "objective" });

    // A student's attempt survives the retirement of its set.
    const [u] = await database.db
      .insert(user)
      .values({ id: "ngseed-user", name: "S", email: "ngseed@example.com", emailVerified: true })
      .returning();
    await database.db.insert(integratedSetAttempts).values({ userId: u.id, setId: "evidence-sample-delivery-log" });

    const file = join(contentDir, SET);
    const original = readFileSync(file, "utf8");
    const doc = YAML.parse(original);
    doc.title = "Edited title";
    doc.items[0].prompt = "Edited prompt?";
    writeFileSync(file, YAML.stringify(doc));
    await seed();
    expect((await setRow())?.title).toBe("Edited title");
    const [q1] = await database.db
      .select()
      .from(integratedSetItems)
      .where(eq(integratedSetItems.id, "evidence-sample-delivery-log-q1"));
    expect(q1.prompt).toBe("Edited prompt?");

    rmSync(file);
    rmSync(join(contentDir, PT));
    await seed();
    expect((await setRow())?.retiredAt).not.toBeNull();
    const [q1r] = await database.db
      .select()
      .from(integratedSetItems)
      .where(eq(integratedSetItems.id, "evidence-sample-delivery-log-q1"));
    expect(q1r.retiredAt).not.toBeNull();
    expect((await database.db.select().from(performanceTasks))[0].retiredAt).not.toBeNull();
    expect(await database.db.select().from(integratedSetAttempts)).toHaveLength(1);

    writeFileSync(file, original);
    await seed();
    expect(await setRow()).toMatchObject({ retiredAt: null, title: "Sample set: the lumber yard's delivery log" });
  });
});
