/**
 * Read-only official content (issue 3 §8): the queries behind src/contract/content.ts
 * `contentApi`. Official rows only; retired rows are hidden from lists but still open by direct id
 * (a citation in an old answer still opens). Tiers (SPEC.md §6, decision 025): a premium deck's
 * cards need the `flashcards` feature (free sample decks are open to all); deck lists and counts
 * are public. Every function takes one options object; errors are AppError NOT_FOUND /
 * UPGRADE_REQUIRED as named.
 */
import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import { answerFields } from "../../../contract/content";
import { hasFeature } from "../../../domain/plans";
import { buildProvisionRegistry } from "../../../domain/provisions";
import type { DbOrTx } from "../../db/client";
import { briefs, decks, demoFlashcards, flashcards, noteTemplates, questions, subjects, topics } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { premiumRequired } from "../billing/entitlements";
import { getSubscriptionSummary } from "../billing/subscriptions.service";
import { briefSearchCondition, briefSearchRank } from "../briefs/brief-search";

type Db = { db: DbOrTx };
/** Filters of the brief, deck and question lists (validated by the contract's `contentQuery`). */
export interface ContentFilter {
  subject?: string;
  topic?: string;
  q?: string;
}
/** A topic row's `body` as the seed writes it (src/server/content/seed.ts). */
type TopicBody = {
  elements: string[];
  exceptions: string[];
  positions: { view: string; rule: string }[];
  provisions: string[];
  cases: string[];
  traps: string[];
  related: string[];
};
/** An official brief row's `body` as the seed writes it. */
type BriefBody = {
  facts: string;
  proceduralHistory: string;
  issue: string;
  rule: string;
  holding: string;
  reasoning: string;
  separateOpinions: string | null;
  takeaways: string[];
  source: string | null;
};

const briefSummary = {
  id: briefs.id,
  name: briefs.name,
  citation: briefs.citation,
  court: briefs.court,
  year: briefs.year,
  subjectId: briefs.subjectId,
  topicIds: briefs.topicIds,
};

/** The live subjects in order, each with counts of live topics, official briefs, official cards and questions. */
export async function listSubjects({ db }: Db) {
  const [rows, t, b, f, q] = await Promise.all([
    db.select().from(subjects).where(isNull(subjects.retiredAt)).orderBy(asc(subjects.sortOrder)),
    db
      .select({ s: topics.subjectId, n: count() })
      .from(topics)
      .where(isNull(topics.retiredAt))
      .groupBy(topics.subjectId),
    db
      .select({ s: briefs.subjectId, n: count() })
      .from(briefs)
      .where(and(eq(briefs.isOfficial, true), isNull(briefs.retiredAt)))
      .groupBy(briefs.subjectId),
    db
      .select({ s: flashcards.subjectId, n: count() })
      .from(flashcards)
      .where(and(eq(flashcards.isOfficial, true), isNull(flashcards.retiredAt)))
      .groupBy(flashcards.subjectId),
    db
      .select({ s: questions.subjectId, n: count() })
      .from(questions)
      .where(isNull(questions.retiredAt))
      .groupBy(questions.subjectId),
  ]);
  const m = (list: { s: string | null; n: number }[], id: string) => list.find((x) => x.s === id)?.n ?? 0;
  return rows.map((s) => ({
    id: s.id,
    name: s.name,
    shortName: s.shortName,
    description: s.description,
    counts: { topics: m(t, s.id), briefs: m(b, s.id), cards: m(f, s.id), questions: m(q, s.id) },
  }));
}

/** A subject with its live topics and official briefs, by title / name. 404 NOT_FOUND for an unknown id. */
export async function getSubject({ db, id }: Db & { id: string }) {
  const [s] = await db.select().from(subjects).where(eq(subjects.id, id));
  if (!s) throw notFound("No such subject.");
  const [tl, bl] = await Promise.all([
    db
      .select({ id: topics.id, title: topics.title, summary: topics.summary })
      .from(topics)
      .where(and(eq(topics.subjectId, s.id), isNull(topics.retiredAt)))
      .orderBy(asc(topics.title)),
    db
      .select(briefSummary)
      .from(briefs)
      .where(and(eq(briefs.subjectId, s.id), eq(briefs.isOfficial, true), isNull(briefs.retiredAt)))
      .orderBy(asc(briefs.name)),
  ]);
  return {
    subject: { id: s.id, name: s.name, shortName: s.shortName, description: s.description },
    topics: tl,
    briefs: bl,
  };
}

/** A topic in full with its cases and related topics, in the topic's own order. 404 NOT_FOUND for an unknown id. */
export async function getTopic({ db, id }: Db & { id: string }) {
  const [t] = await db.select().from(topics).where(eq(topics.id, id));
  if (!t) throw notFound("No such topic.");
  const body = t.body as TopicBody;
  const [caseRows, relatedRows, [subject]] = await Promise.all([
    body.cases.length ? db.select(briefSummary).from(briefs).where(inArray(briefs.id, body.cases)) : [],
    body.related.length
      ? db
          .select({ id: topics.id, title: topics.title, subjectId: topics.subjectId })
          .from(topics)
          .where(inArray(topics.id, body.related))
      : [],
    db.select({ id: subjects.id, name: subjects.name }).from(subjects).where(eq(subjects.id, t.subjectId)),
  ]);
  const order =
    (ids: string[]) =>
    <T extends { id: string }>(rows: T[]) =>
      ids.map((x) => rows.find((r) => r.id === x)).filter(Boolean) as T[];
  return {
    topic: { id: t.id, subject, title: t.title, summary: t.summary, rule: t.rule, ...body, retired: !!t.retiredAt },
    cases: order(body.cases)(caseRows),
    related: order(body.related)(relatedRows),
  };
}

/** Live official briefs by name, filtered by subject, topic and a search of name, citation and text (`briefSearchCondition`). */
export async function listBriefs({ db, filter }: Db & { filter: ContentFilter }) {
  const where = [eq(briefs.isOfficial, true), isNull(briefs.retiredAt)];
  if (filter.subject) where.push(eq(briefs.subjectId, filter.subject));
  if (filter.topic) where.push(sql`${filter.topic} = ANY(${briefs.topicIds})`);
  const search = briefSearchCondition(filter.q, { name: briefs.name, citation: briefs.citation, text: briefs.body });
  if (search) where.push(search);
  return db
    .select(briefSummary)
    .from(briefs)
    .where(and(...where))
    .orderBy(...briefSearchRank(filter.q, briefs), asc(briefs.name));
}

/** One official brief (retired ones too) with its topics' titles. 404 NOT_FOUND otherwise. */
export async function getBrief({ db, id }: Db & { id: string }) {
  const [b] = await db
    .select()
    .from(briefs)
    .where(and(eq(briefs.id, id), eq(briefs.isOfficial, true)));
  if (!b) throw notFound("No such case brief.");
  const topicRows = b.topicIds.length
    ? await db.select({ id: topics.id, title: topics.title }).from(topics).where(inArray(topics.id, b.topicIds))
    : [];
  return {
    id: b.id,
    name: b.name,
    citation: b.citation,
    court: b.court,
    year: b.year,
    subjectId: b.subjectId,
    topics: topicRows,
    ...(b.body as BriefBody),
    isOfficial: true as const,
    retired: !!b.retiredAt,
  };
}

/** Live official decks with their live card counts, by subject then title. */
export async function listOfficialDecks({ db, filter }: Db & { filter: ContentFilter }) {
  const where = [eq(decks.isOfficial, true), isNull(decks.retiredAt)];
  if (filter.subject) where.push(eq(decks.subjectId, filter.subject));
  return db
    .select({
      id: decks.id,
      title: decks.title,
      description: decks.description,
      subjectId: decks.subjectId,
      topicId: decks.topicId,
      isFree: decks.isFree,
      cards: sql<number>`(select count(*)::int from ${flashcards} where ${flashcards.deckId} = ${decks.id} and ${flashcards.retiredAt} is null)`,
    })
    .from(decks)
    .where(and(...where))
    .orderBy(asc(decks.subjectId), asc(decks.title));
}

/**
 * An official deck with its live cards in order. A premium deck needs the `flashcards` feature
 * of the signed-in user's tier (none when signed out): 403 UPGRADE_REQUIRED; unknown id 404.
 */
export async function getOfficialDeck({ db, id, userId, now }: Db & { id: string; userId: string | null; now: Date }) {
  const [deck] = await db
    .select()
    .from(decks)
    .where(and(eq(decks.id, id), eq(decks.isOfficial, true)));
  if (!deck) throw notFound("No such deck.");
  if (!deck.isFree) {
    const tier = userId ? (await getSubscriptionSummary({ db, userId, now })).tierName : null;
    if (!tier || !hasFeature(tier, "flashcards")) throw premiumRequired("flashcards");
  }
  const cards = await db
    .select({
      id: flashcards.id,
      question: flashcards.question,
      answer: flashcards.answer,
      difficulty: flashcards.difficulty,
      tags: flashcards.tags,
      subjectId: flashcards.subjectId,
      topicId: flashcards.topicId,
    })
    .from(flashcards)
    .where(and(eq(flashcards.deckId, deck.id), isNull(flashcards.retiredAt)))
    .orderBy(asc(flashcards.position));
  return {
    deck: {
      id: deck.id,
      title: deck.title,
      description: deck.description,
      subjectId: deck.subjectId,
      topicId: deck.topicId,
      isFree: deck.isFree,
      isPremium: !deck.isFree,
    },
    cards,
  };
}

/** Live practice questions with answers and explanations, by set and position (the caller checks `question_bank`). */
export async function listQuestions({ db, filter }: Db & { filter: ContentFilter }) {
  const where = [isNull(questions.retiredAt)];
  if (filter.subject) where.push(eq(questions.subjectId, filter.subject));
  if (filter.topic) where.push(eq(questions.topicId, filter.topic));
  const rows = await db
    .select()
    .from(questions)
    .where(and(...where))
    .orderBy(asc(questions.setId), asc(questions.position));
  return rows.map(({ retiredAt: _r, ...x }) => ({ ...x, ...answerFields(x.answer) }));
}

/** Live official note templates by title (html already sanitized by the seed). */
export async function listTemplates({ db }: Db) {
  return db
    .select({
      id: noteTemplates.id,
      title: noteTemplates.title,
      description: noteTemplates.description,
      html: noteTemplates.html,
    })
    .from(noteTemplates)
    .where(and(eq(noteTemplates.isOfficial, true), isNull(noteTemplates.retiredAt)))
    .orderBy(asc(noteTemplates.title));
}

/** The landing page's demo flashcards in order (SPEC.md §2.2). */
export async function listDemoFlashcards({ db }: Db) {
  const rows = await db.select().from(demoFlashcards).orderBy(asc(demoFlashcards.position));
  return rows.map((x) => ({
    id: x.id,
    question: x.question,
    answer: x.answer,
    subject: x.subject,
    difficulty: x.difficulty,
    isPremium: x.isPremium,
    tags: x.tags,
  }));
}

/** The provision registry of the live topics (decision 012), with the topics by id. */
async function provisionRegistry({ db }: Db) {
  const rows = await db
    .select({ id: topics.id, title: topics.title, subjectId: topics.subjectId, body: topics.body })
    .from(topics)
    .where(isNull(topics.retiredAt))
    .orderBy(asc(topics.id));
  const reg = buildProvisionRegistry(
    rows.map((t) => ({
      id: t.id,
      provisions: Array.isArray(t.body.provisions) ? (t.body.provisions as string[]) : [],
    })),
  );
  return { reg, byId: new Map(rows.map((t) => [t.id, { id: t.id, title: t.title, subjectId: t.subjectId }])) };
}

/** Bodies of law in the order a bar student meets them; any other family follows, by name. */
const FAMILY_ORDER = [
  "United States Constitution",
  "Federal Rules of Civil Procedure",
  "Federal Rules of Evidence",
  "Federal Rules of Criminal Procedure",
  "Federal Rules of Appellate Procedure",
  "United States Code",
  "Uniform Commercial Code",
  "Model Penal Code",
];

/** Every provision the live topics cite, grouped by body of law, each with its number of citing topics. */
export async function listProvisions({ db }: Db) {
  const { reg } = await provisionRegistry({ db });
  const families = new Map<string, { id: string; label: string; topics: number }[]>();
  for (const p of reg.values()) {
    const list = families.get(p.family) ?? [];
    list.push({ id: p.id, label: p.label, topics: p.topicIds.length });
    families.set(p.family, list);
  }
  const natural = (a: string, b: string) => a.localeCompare(b, "en", { numeric: true });
  const rank = (f: string) => (FAMILY_ORDER.includes(f) ? FAMILY_ORDER.indexOf(f) : FAMILY_ORDER.length);
  return [...families]
    .sort((a, b) => rank(a[0]) - rank(b[0]) || natural(a[0], b[0]))
    .map(([family, provisions]) => ({ family, provisions: provisions.sort((a, b) => natural(a.label, b.label)) }));
}

/** One provision and the live topics under each of its sub-provisions. 404 NOT_FOUND when no topic cites it. */
export async function getProvision({ db, id }: Db & { id: string }) {
  const { reg, byId } = await provisionRegistry({ db });
  const p = reg.get(id);
  if (!p) throw notFound("No such provision.");
  return {
    provision: { id: p.id, label: p.label, family: p.family },
    cites: p.cites.map((x) => ({
      cite: x.cite,
      topics: x.topicIds.map((t) => byId.get(t)).filter((t) => t !== undefined),
    })),
  };
}
