/**
 * The official-content seeder (issue 3 §1) against a real database: PGlite in a temp folder, or
 * PostgreSQL in a schema of its own when DATABASE_URL is set (CI).
 *
 * Each test seeds a temporary copy of a small content tree (subjects, demo cards, templates and three
 * civil-procedure topics with their decks, briefs and questions, cut down so every reference resolves),
 * edits or removes files in it, and seeds again through the same `loadContent` → `seedContent` path
 * that boot uses:
 *   - official rows are is_official with no owner;
 *   - an unchanged corpus hash skips the seed (nothing is written);
 *   - changing a file updates its row (and only its row);
 *   - removing a file sets retired_at, keeps the row, and keeps user data that points at it;
 *   - a file that comes back is un-retired.
 */
import { randomUUID } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import YAML from "yaml";
import type { Brief, Deck, QuestionSet, Topic } from "../../src/contract/content";
import { loadContent } from "../../src/server/content/load";
import { seedContent } from "../../src/server/content/seed";
import { type Database, openDatabase } from "../../src/server/db/client";
import {
  briefs,
  contentState,
  decks,
  flashcards,
  noteTemplates,
  questions,
  topics,
  user,
} from "../../src/server/db/schema";

const SUBJECT = "civil-procedure";
const TOPIC = "civpro-removal";
const TOPIC_FILE = `${SUBJECT}/topics/${TOPIC}.yaml`;
const DECK_FILE = `${SUBJECT}/decks/${TOPIC}.yaml`;
const BRIEF = "louisville-and-nashville-railroad-co-v-mottley";
const BRIEF_FILE = `${SUBJECT}/briefs/${BRIEF}.yaml`;
const QUESTION_SET_FILE = `${SUBJECT}/questions/civpro-subject-matter-jurisdiction.yaml`;

let contentDir: string;
let dataDir: string;
let schemaName: string | undefined;
let database: Database;

// One database for the file (opening PGlite and migrating is the slow part); each test starts from
// empty content tables and a fresh copy of the content tree.
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "lexmate-seed-db-"));
  schemaName = process.env.DATABASE_URL
    ? `seed_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
    : undefined;
  database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir, schema: schemaName });
});

afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (schemaName && process.env.DATABASE_URL) {
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query(`DROP SCHEMA IF EXISTS ${schemaName} CASCADE`);
    await c.end();
  }
});

beforeEach(async () => {
  await database.exec(
    'TRUNCATE subjects, topics, briefs, decks, flashcards, questions, note_templates, demo_flashcards, content_state, "user" CASCADE',
  );
  contentDir = mkdtempSync(join(tmpdir(), "lexmate-seed-content-"));
  copySmallTree(contentDir);
});

afterEach(() => {
  rmSync(contentDir, { recursive: true, force: true });
});

/** Topics of the small tree; everything copied is cut down to refer only to these and to copied briefs. */
const KEEP = new Set([TOPIC, "civpro-venue", "civpro-federal-question-jurisdiction"]);

/**
 * Copies subjects, demo cards, templates and the KEEP topics of the real corpus into `dir`: their
 * topic files (related/cases limited to what is copied), decks, the briefs that name one of them
 * (topics limited to KEEP) and the subject-matter-jurisdiction question set (questions on KEEP topics).
 */
function copySmallTree(dir: string) {
  for (const p of ["subjects.yaml", "demo-flashcards.yaml", "templates"])
    cpSync(resolve("content", p), join(dir, p), { recursive: true });
  const read = <T>(rel: string) => YAML.parse(readFileSync(resolve("content", rel), "utf8")) as T;
  const write = (rel: string, doc: unknown) => {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), YAML.stringify(doc));
  };
  const briefIds = new Set<string>();
  for (const f of readdirSync(resolve("content", SUBJECT, "briefs"))) {
    const b = read<Brief>(`${SUBJECT}/briefs/${f}`);
    if (!b.topics.some((t) => KEEP.has(t))) continue;
    briefIds.add(b.id);
    write(`${SUBJECT}/briefs/${f}`, { ...b, topics: b.topics.filter((t) => KEEP.has(t)) });
  }
  for (const id of KEEP) {
    const t = read<Topic>(`${SUBJECT}/topics/${id}.yaml`);
    write(`${SUBJECT}/topics/${id}.yaml`, {
      ...t,
      related: (t.related ?? []).filter((r) => KEEP.has(r)),
      cases: (t.cases ?? []).filter((c) => briefIds.has(c)),
    });
    cpSync(resolve("content", `${SUBJECT}/decks/${id}.yaml`), join(dir, `${SUBJECT}/decks/${id}.yaml`));
  }
  const set = read<QuestionSet>(QUESTION_SET_FILE);
  write(QUESTION_SET_FILE, { ...set, questions: set.questions.filter((q) => KEEP.has(q.topic)) });
}

/** Loads the temp tree exactly as boot does (and insists it is valid) and seeds it. */
async function seed() {
  const { corpus, problems } = loadContent(contentDir);
  expect(problems).toEqual([]);
  return { corpus, result: await seedContent(database.db, corpus) };
}

function editYaml<T>(rel: string, change: (doc: T) => void) {
  const file = join(contentDir, rel);
  const doc = YAML.parse(readFileSync(file, "utf8")) as T;
  change(doc);
  writeFileSync(file, YAML.stringify(doc));
}

async function topicRow(id: string) {
  const [row] = await database.db.select().from(topics).where(eq(topics.id, id));
  return row;
}

describe("seeding official content", () => {
  it("writes every file as an official row with no owner", async () => {
    const { corpus, result } = await seed();
    expect(result.skipped).toBe(false);
    const cardCount = corpus.decks.reduce((n, d) => n + d.cards.length, 0);
    const questionCount = corpus.questionSets.reduce((n, s) => n + s.questions.length, 0);
    expect(result.counts).toMatchObject({
      topics: corpus.topics.length,
      briefs: corpus.briefs.length,
      cards: cardCount,
      questions: questionCount,
    });

    const db = database.db;
    const topicRows = await db.select().from(topics);
    expect(topicRows).toHaveLength(corpus.topics.length);
    expect(topicRows.every((r) => r.isOfficial && r.retiredAt === null)).toBe(true);
    for (const table of [briefs, decks, flashcards, noteTemplates] as const) {
      const rows = await db
        .select({ isOfficial: table.isOfficial, createdBy: table.createdBy, retiredAt: table.retiredAt })
        .from(table);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.filter((r) => !r.isOfficial || r.createdBy !== null || r.retiredAt !== null)).toEqual([]);
    }
    expect(await db.select().from(briefs)).toHaveLength(corpus.briefs.length);
    expect(await db.select().from(flashcards)).toHaveLength(cardCount);
    expect(await db.select().from(questions)).toHaveLength(questionCount);

    // The row carries what the file says.
    const file = YAML.parse(readFileSync(join(contentDir, TOPIC_FILE), "utf8"));
    const row = await topicRow(TOPIC);
    expect(row.subjectId).toBe(SUBJECT);
    expect(row.title).toBe(file.title);
    expect(row.rule).toBe(file.rule.trim());
    expect((row.body as { traps: string[] }).traps).toEqual(file.traps.map((t: string) => t.trim()));
  });

  it("skips the seed when the corpus hash is unchanged", async () => {
    await seed();
    // An out-of-band change to a row: a real seed would overwrite it, a skipped one leaves it.
    await database.db.update(topics).set({ title: "Edited by hand" }).where(eq(topics.id, TOPIC));
    const [before] = await database.db.select().from(contentState).where(eq(contentState.kind, "official"));

    const { result } = await seed();
    expect(result.skipped).toBe(true);
    expect((await topicRow(TOPIC)).title).toBe("Edited by hand");
    const [after] = await database.db.select().from(contentState).where(eq(contentState.kind, "official"));
    expect(after.seededAt.getTime()).toBe(before.seededAt.getTime());
  });

  it("updates the row of a changed file and leaves the other rows alone", async () => {
    await seed();
    const untouched = await topicRow("civpro-venue");
    const before = await topicRow(TOPIC);

    editYaml<Topic>(TOPIC_FILE, (d) => {
      d.rule = `${d.rule} (Edited for the seed test.)`;
      d.traps = [...d.traps, "A trap added by the seed test."];
    });
    editYaml<Deck>(DECK_FILE, (d) => {
      d.cards[0].answer = "A new answer from the seed test.";
    });
    editYaml<Brief>(BRIEF_FILE, (d) => {
      d.holding = "A new holding from the seed test.";
      d.year = 1909;
    });
    editYaml<QuestionSet>(QUESTION_SET_FILE, (d) => {
      d.questions[0].call = "Which is the new call of the seed test?";
    });
    const { result } = await seed();
    expect(result.skipped).toBe(false);

    const after = await topicRow(TOPIC);
    expect(after.rule).toMatch(/\(Edited for the seed test\.\)$/);
    expect((after.body as { traps: string[] }).traps).toContain("A trap added by the seed test.");
    expect(after.contentHash).not.toBe(before.contentHash);
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());

    const deck = YAML.parse(readFileSync(join(contentDir, DECK_FILE), "utf8"));
    const [card] = await database.db.select().from(flashcards).where(eq(flashcards.id, deck.cards[0].id));
    expect(card.answer).toBe("A new answer from the seed test.");
    const [brief] = await database.db.select().from(briefs).where(eq(briefs.id, BRIEF));
    expect((brief.body as { holding: string }).holding).toBe("A new holding from the seed test.");
    expect(brief.year).toBe(1909);
    const set = YAML.parse(readFileSync(join(contentDir, QUESTION_SET_FILE), "utf8"));
    const [q] = await database.db.select().from(questions).where(eq(questions.id, set.questions[0].id));
    expect(q.call).toBe("Which is the new call of the seed test?");

    // A topic whose file did not change keeps its content hash and its updated_at.
    const still = await topicRow("civpro-venue");
    expect(still.contentHash).toBe(untouched.contentHash);
    expect(still.updatedAt.getTime()).toBe(untouched.updatedAt.getTime());
    expect(await database.db.select().from(topics).where(isNotNull(topics.retiredAt))).toEqual([]);
  });

  it("retires the rows of removed files, keeps them and the user data pointing at them, and revives them when the file returns", async () => {
    const { corpus } = await seed();
    const db = database.db;
    const deck = corpus.decks.find((d) => d.id === TOPIC)!;
    const cardIds = deck.cards.map((c) => c.id);
    const set = corpus.questionSets.find((s) => s.questions.length > 1)!;
    const droppedQuestion = set.questions[set.questions.length - 1].id;

    // A student with their own deck on the topic, a card of their own in it, and a brief of their own.
    const userId = randomUUID();
    await db
      .insert(user)
      .values({ id: userId, name: "Student", email: `student-${userId}@example.com`, emailVerified: true });
    await db.insert(decks).values({
      id: `user-deck-${userId}`,
      subjectId: SUBJECT,
      topicId: TOPIC,
      title: "My removal deck",
      isOfficial: false,
      createdBy: userId,
    });
    await db.insert(flashcards).values({
      id: `user-card-${userId}`,
      deckId: `user-deck-${userId}`,
      question: "Q?",
      answer: "A.",
      subjectId: SUBJECT,
      topicId: TOPIC,
      isOfficial: false,
      createdBy: userId,
    });
    await db.insert(briefs).values({
      id: `user-brief-${userId}`,
      subjectId: SUBJECT,
      name: "My brief",
      topicIds: [TOPIC],
      body: { holding: "mine" },
      isOfficial: false,
      createdBy: userId,
    });

    const setFile = `${SUBJECT}/questions/${set.id}.yaml`;
    // Briefs whose only topic is the removed one go too (a brief needs a topic); the others drop it.
    const onlyOnTopic = corpus.briefs.filter((b) => b.topics.length === 1 && b.topics[0] === TOPIC).map((b) => b.id);
    const removedBriefs = [BRIEF, ...onlyOnTopic].sort();
    const briefFiles = removedBriefs.map((id) => `${SUBJECT}/briefs/${id}.yaml`);
    const saved = new Map(
      [TOPIC_FILE, DECK_FILE, ...briefFiles, setFile].map((p) => [p, readFileSync(join(contentDir, p), "utf8")]),
    );
    rmSync(join(contentDir, TOPIC_FILE));
    rmSync(join(contentDir, DECK_FILE));
    for (const f of briefFiles) rmSync(join(contentDir, f));
    // Briefs that named the removed topic must stop naming it, or the tree would not load.
    for (const b of corpus.briefs.filter((b) => b.topics.includes(TOPIC) && !removedBriefs.includes(b.id)))
      editYaml<Brief>(`${SUBJECT}/briefs/${b.id}.yaml`, (d) => {
        d.topics = d.topics.filter((t) => t !== TOPIC);
      });
    for (const t of corpus.topics.filter((t) => t.related.includes(TOPIC) && t.id !== TOPIC))
      editYaml<Topic>(`${SUBJECT}/topics/${t.id}.yaml`, (d) => {
        d.related = d.related.filter((r) => r !== TOPIC);
      });
    editYaml<QuestionSet>(setFile, (d) => {
      d.questions = d.questions.filter((q) => q.id !== droppedQuestion && q.topic !== TOPIC);
    });
    for (const s of corpus.questionSets.filter((s) => s.id !== set.id && s.questions.some((q) => q.topic === TOPIC)))
      editYaml<QuestionSet>(`${SUBJECT}/questions/${s.id}.yaml`, (d) => {
        d.questions = d.questions.filter((q) => q.topic !== TOPIC);
      });

    const { result } = await seed();
    expect(result.skipped).toBe(false);

    // The official rows are still there, marked retired.
    expect((await topicRow(TOPIC)).retiredAt).toBeInstanceOf(Date);
    const [brief] = await db.select().from(briefs).where(eq(briefs.id, BRIEF));
    expect(brief.retiredAt).toBeInstanceOf(Date);
    const [officialDeck] = await db.select().from(decks).where(eq(decks.id, TOPIC));
    expect(officialDeck.retiredAt).toBeInstanceOf(Date);
    const cards = await db.select().from(flashcards).where(inArray(flashcards.id, cardIds));
    expect(cards).toHaveLength(cardIds.length);
    expect(cards.every((c) => c.retiredAt instanceof Date)).toBe(true);
    const [q] = await db.select().from(questions).where(eq(questions.id, droppedQuestion));
    expect(q.retiredAt).toBeInstanceOf(Date);

    // Nothing else was retired.
    const retiredTopics = await db.select({ id: topics.id }).from(topics).where(isNotNull(topics.retiredAt));
    expect(retiredTopics.map((r) => r.id)).toEqual([TOPIC]);
    const retiredBriefs = await db.select({ id: briefs.id }).from(briefs).where(isNotNull(briefs.retiredAt));
    expect(retiredBriefs.map((r) => r.id).sort()).toEqual(removedBriefs);

    // The student's rows that point at the retired topic and deck are untouched.
    const mine = await db.select().from(decks).where(eq(decks.createdBy, userId));
    expect(mine).toEqual([expect.objectContaining({ topicId: TOPIC, retiredAt: null, isOfficial: false })]);
    const myCards = await db.select().from(flashcards).where(eq(flashcards.createdBy, userId));
    expect(myCards).toEqual([expect.objectContaining({ topicId: TOPIC, retiredAt: null })]);
    const myBriefs = await db
      .select()
      .from(briefs)
      .where(and(eq(briefs.createdBy, userId), isNull(briefs.retiredAt)));
    expect(myBriefs).toEqual([expect.objectContaining({ topicIds: [TOPIC] })]);

    // Putting the files back brings the rows back.
    for (const [p, text] of saved) writeFileSync(join(contentDir, p), text);
    await seed();
    expect((await topicRow(TOPIC)).retiredAt).toBeNull();
    const [back] = await db.select().from(briefs).where(eq(briefs.id, BRIEF));
    expect(back.retiredAt).toBeNull();
    const backCards = await db.select().from(flashcards).where(inArray(flashcards.id, cardIds));
    expect(backCards.every((c) => c.retiredAt === null)).toBe(true);
    const [backQ] = await db.select().from(questions).where(eq(questions.id, droppedQuestion));
    expect(backQ.retiredAt).toBeNull();
  });
});
