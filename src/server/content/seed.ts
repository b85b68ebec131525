/**
 * Seeds the official content into the database at boot (issue 3 §1): upsert by stable id,
 * so changing a file updates its row; a row whose file is gone gets `retired_at` set (user data
 * pointing at it is kept); a file that comes back is un-retired. When the corpus hash equals the
 * last seeded one, nothing is written (a restart costs one SELECT).
 */
import { createHash } from "node:crypto";
import { and, eq, getTableName, isNull, notInArray, sql } from "drizzle-orm";
import { marked } from "marked";
import { storedAnswer } from "../../contract/content";
import type { Db, DbOrTx } from "../db/client";
import {
  briefs,
  contentState,
  decks,
  demoFlashcards,
  flashcards,
  integratedSetItems,
  integratedSets,
  noteTemplates,
  performanceTasks,
  questions,
  subjects,
  topics,
} from "../db/schema";
import { sanitizeRichText } from "../lib/sanitize";
import { type Corpus, countContent } from "./load";
import { applyContentOverrides } from "./overrides";

const hashOf = (v: unknown) => createHash("sha256").update(JSON.stringify(v)).digest("hex");

export interface SeedResult {
  skipped: boolean;
  counts: Record<string, number>;
}

/**
 * Upserts in chunks so one statement stays well under parameter limits. `updatedAt`, when in `set`,
 * only moves for a row whose other `set` columns actually changed, so a seed triggered by one edited
 * file does not make every official row look freshly updated.
 */
async function upsertAll<T extends Record<string, unknown>>(
  db: DbOrTx,
  table: Parameters<Db["insert"]>[0],
  rows: T[],
  target: unknown,
  set: (keyof T)[],
) {
  const name = getTableName(table as never);
  const compared = set.filter((k) => k !== "updatedAt").map((k) => toSnake(String(k)));
  const changed = `(${compared.map((c) => `"${name}"."${c}"`).join(", ")}) IS DISTINCT FROM (${compared.map((c) => `excluded."${c}"`).join(", ")})`;
  for (let i = 0; i < rows.length; i += 200) {
    const chunk = rows.slice(i, i + 200);
    if (!chunk.length) continue;
    const setObj = Object.fromEntries(
      set.map((k) => [
        k,
        k === "updatedAt"
          ? sql.raw(`CASE WHEN ${changed} THEN excluded."updated_at" ELSE "${name}"."updated_at" END`)
          : sql.raw(`excluded.${toSnake(String(k))}`),
      ]),
    );
    await db
      .insert(table)
      .values(chunk as never)
      .onConflictDoUpdate({ target: target as never, set: setObj as never });
  }
}
const toSnake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export async function seedContent(db: Db, corpus: Corpus): Promise<SeedResult> {
  const hash = hashOf(corpus);
  const [state] = await db.select().from(contentState).where(eq(contentState.kind, "official"));
  const { subjects: _perSubject, totals } = countContent(corpus);
  const counts = { subjects: corpus.subjects.length, ...totals };

  if (state?.hash === hash) return { skipped: true, counts };
  const now = new Date();
  await db.transaction(async (tx) => {
    const t: DbOrTx = tx;
    await upsertAll(
      t,
      subjects,
      corpus.subjects.map((s) => ({
        id: s.id,
        name: s.name,
        shortName: s.shortName,
        description: s.description,
        sortOrder: s.order,
        retiredAt: null,
      })),
      subjects.id,
      ["name", "shortName", "description", "sortOrder", "retiredAt"],
    );
    await upsertAll(
      t,
      topics,
      corpus.topics.map((x) => ({
        id: x.id,
        subjectId: x.subject,
        title: x.title,
        summary: x.summary,
        rule: x.rule,
        body: {
          elements: x.elements,
          exceptions: x.exceptions,
          positions: x.positions,
          provisions: x.provisions,
          cases: x.cases,
          traps: x.traps,
          related: x.related,
          triggers: x.triggers,
        },
        isOfficial: true,
        contentHash: hashOf(x),
        retiredAt: null,
        updatedAt: now,
      })),
      topics.id,
      ["subjectId", "title", "summary", "rule", "body", "contentHash", "retiredAt", "updatedAt"],
    );
    await upsertAll(
      t,
      briefs,
      corpus.briefs.map((b) => ({
        id: b.id,
        subjectId: b.subject,
        name: b.name,
        citation: b.citation,
        court: b.court,
        year: b.year,
        topicIds: b.topics,
        body: {
          facts: b.facts,
          proceduralHistory: b.proceduralHistory,
          issue: b.issue,
          rule: b.rule,
          holding: b.holding,
          reasoning: b.reasoning,
          separateOpinions: b.separateOpinions ?? null,
          takeaways: b.takeaways,
          source: b.source ?? null,
        },
        isOfficial: true,
        createdBy: null,
        contentHash: hashOf(b),
        retiredAt: null,
        updatedAt: now,
      })),
      briefs.id,
      ["subjectId", "name", "citation", "court", "year", "topicIds", "body", "contentHash", "retiredAt", "updatedAt"],
    );
    await upsertAll(
      t,
      decks,
      corpus.decks.map((d) => ({
        id: d.id,
        subjectId: d.subject,
        topicId: d.topic,
        title: d.title,
        description: d.description,
        isOfficial: true,
        isFree: d.free,
        createdBy: null,
        retiredAt: null,
        updatedAt: now,
      })),
      decks.id,
      ["subjectId", "topicId", "title", "description", "isFree", "retiredAt", "updatedAt"],
    );
    await upsertAll(
      t,
      flashcards,
      corpus.decks.flatMap((d) =>
        d.cards.map((card, i) => ({
          id: card.id,
          deckId: d.id,
          question: card.question,
          answer: card.answer,
          subjectId: d.subject,
          topicId: d.topic,
          difficulty: card.difficulty,
          tags: card.tags,
          isOfficial: true,
          createdBy: null,
          position: i,
          retiredAt: null,
          updatedAt: now,
        })),
      ),
      flashcards.id,
      [
        "deckId",
        "question",
        "answer",
        "subjectId",
        "topicId",
        "difficulty",
        "tags",
        "position",
        "retiredAt",
        "updatedAt",
      ],
    );
    await upsertAll(
      t,
      questions,
      corpus.questionSets.flatMap((s) =>
        s.questions.map((q, i) => ({
          id: q.id,
          setId: s.id,
          subjectId: s.subject,
          topicId: q.topic,
          difficulty: q.difficulty,
          stem: q.stem,
          call: q.call,
          choices: q.choices,
          answer: storedAnswer(q.answer),
          explanations: q.explanations,
          tags: q.tags,
          skills: q.skills ?? ["issue-spotting"],
          position: i,
          retiredAt: null,
        })),
      ),
      questions.id,
      [
        "setId",
        "subjectId",
        "topicId",
        "difficulty",
        "stem",
        "call",
        "choices",
        "answer",
        "explanations",
        "tags",
        "skills",
        "position",
        "retiredAt",
      ],
    );
    await upsertAll(
      t,
      noteTemplates,
      corpus.templates.map((x) => ({
        id: x.id,
        title: x.title,
        description: x.description,
        html: sanitizeRichText(marked.parse(x.body, { async: false }) as string),
        isOfficial: true,
        createdBy: null,
        retiredAt: null,
        updatedAt: now,
      })),
      noteTemplates.id,
      ["title", "description", "html", "retiredAt", "updatedAt"],
    );
    await t.delete(demoFlashcards);
    if (corpus.demoFlashcards.length)
      await t.insert(demoFlashcards).values(
        corpus.demoFlashcards.map((d, i) => ({
          id: d.id,
          question: d.question,
          answer: d.answer,
          subject: d.subject,
          difficulty: d.difficulty,
          isPremium: d.isPremium,
          tags: d.tags,
          position: i,
        })),
      );

    await seedNextgen(t, corpus, now);

    // Retire official rows whose file is gone.
    const retire = async (
      table: typeof topics | typeof briefs | typeof decks | typeof flashcards | typeof noteTemplates,
      ids: string[],
    ) => {
      const official = "isOfficial" in table ? eq(table.isOfficial, true) : undefined;
      const where = ids.length
        ? and(official, isNull(table.retiredAt), notInArray(table.id, ids))
        : and(official, isNull(table.retiredAt));
      await t
        .update(table)
        .set({ retiredAt: now } as never)
        .where(where);
    };
    await retire(
      topics,
      corpus.topics.map((x) => x.id),
    );
    await retire(
      briefs,
      corpus.briefs.map((x) => x.id),
    );
    await retire(
      decks,
      corpus.decks.map((x) => x.id),
    );
    await retire(
      flashcards,
      corpus.decks.flatMap((d) => d.cards.map((x) => x.id)),
    );
    await retire(
      noteTemplates,
      corpus.templates.map((x) => x.id),
    );
    const qIds = corpus.questionSets.flatMap((s) => s.questions.map((q) => q.id));
    await t
      .update(questions)
      .set({ retiredAt: now })
      .where(
        qIds.length ? and(isNull(questions.retiredAt), notInArray(questions.id, qIds)) : isNull(questions.retiredAt),
      );
    const sIds = corpus.subjects.map((s) => s.id);
    if (sIds.length)
      await t
        .update(subjects)
        .set({ retiredAt: now })
        .where(and(isNull(subjects.retiredAt), notInArray(subjects.id, sIds)));
    // Admin edits of official cards and questions outlive a change of the files (decision 067).
    await applyContentOverrides(t, now);
    await t
      .insert(contentState)
      .values({ kind: "official", hash, seededAt: now })
      .onConflictDoUpdate({ target: contentState.kind, set: { hash, seededAt: now } });
  });
  return { skipped: false, counts };
}

/**
 * Upserts the NextGen integrated sets (with their items) and performance tasks by stable id and
 * retires the rows whose file is gone (decision 079). Choice answers are stored as a list (one
 * letter for a single-answer item) so scoring takes one shape.
 */
async function seedNextgen(t: DbOrTx, corpus: Corpus, now: Date): Promise<void> {
  const positionInSubject = new Map<string, number>();
  await upsertAll(
    t,
    integratedSets,
    corpus.integratedSets.map((s) => {
      const position = positionInSubject.get(s.subject) ?? 0;
      positionInSubject.set(s.subject, position + 1);
      return {
        id: s.id,
        subjectId: s.subject,
        title: s.title,
        difficulty: s.difficulty,
        scenario: s.scenario,
        documents: s.documents,
        position,
        contentHash: hashOf(s),
        retiredAt: null,
        updatedAt: now,
      };
    }),
    integratedSets.id,
    ["subjectId", "title", "difficulty", "scenario", "documents", "position", "contentHash", "retiredAt", "updatedAt"],
  );
  await upsertAll(
    t,
    integratedSetItems,
    corpus.integratedSets.flatMap((s) =>
      s.items.map((it, i) => ({
        id: it.id,
        setId: s.id,
        position: i,
        type: it.type,
        topicId: it.topic,
        skills: it.skills,
        prompt: it.prompt,
        choices: it.type === "choice" ? it.choices : null,
        answer: it.type === "choice" ? (Array.isArray(it.answer) ? it.answer : [it.answer]) : null,
        explanations: it.type === "choice" ? it.explanations : null,
        modelAnswer: it.type === "choice" ? null : it.modelAnswer,
        rubric: it.type === "choice" ? null : it.rubric,
        retiredAt: null,
      })),
    ),
    integratedSetItems.id,
    [
      "setId",
      "position",
      "type",
      "topicId",
      "skills",
      "prompt",
      "choices",
      "answer",
      "explanations",
      "modelAnswer",
      "rubric",
      "retiredAt",
    ],
  );
  await upsertAll(
    t,
    performanceTasks,
    corpus.performanceTasks.map((x, i) => ({
      id: x.id,
      title: x.title,
      kind: x.kind,
      subjectIds: x.subjects,
      skills: x.skills,
      minutes: x.minutes,
      memo: x.memo,
      file: x.file,
      library: x.library,
      rubric: x.rubric,
      modelAnswer: x.modelAnswer,
      position: i,
      contentHash: hashOf(x),
      retiredAt: null,
      updatedAt: now,
    })),
    performanceTasks.id,
    [
      "title",
      "kind",
      "subjectIds",
      "skills",
      "minutes",
      "memo",
      "file",
      "library",
      "rubric",
      "modelAnswer",
      "position",
      "contentHash",
      "retiredAt",
      "updatedAt",
    ],
  );
  const retireMissing = async (
    table: typeof integratedSets | typeof integratedSetItems | typeof performanceTasks,
    ids: string[],
  ) => {
    await t
      .update(table)
      .set({ retiredAt: now } as never)
      .where(ids.length ? and(isNull(table.retiredAt), notInArray(table.id, ids)) : isNull(table.retiredAt));
  };
  await retireMissing(
    integratedSets,
    corpus.integratedSets.map((s) => s.id),
  );
  await retireMissing(
    integratedSetItems,
    corpus.integratedSets.flatMap((s) => s.items.map((i) => i.id)),
  );
  await retireMissing(
    performanceTasks,
    corpus.performanceTasks.map((x) => x.id),
  );
}
