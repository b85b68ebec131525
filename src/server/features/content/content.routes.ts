/**
 * Read-only official content (issue 3 §8). Official rows only; retired rows are hidden except by
 * direct id (a citation in an old answer still opens). Tiers (SPEC.md §6, decision 025): a premium
 * deck's cards need the `flashcards` feature (free sample decks are open to all), the practice
 * questions need `question_bank`; deck lists and counts are public.
 *   GET /api/subjects                    [{id,name,shortName,description,counts}]
 *   GET /api/subjects/:id                subject + topics + briefs
 *   GET /api/topics/:id                  full doctrine + its cases and related topics (titles resolved)
 *   GET /api/briefs?subject=&topic=&q=   official briefs, by name
 *   GET /api/briefs/:id                  one official brief
 *   GET /api/decks?subject=              official decks with card counts
 *   GET /api/decks/:id                   deck + cards
 *   GET /api/questions?subject=&topic=   practice questions
 *   GET /api/templates                   official note templates (sanitized HTML)
 *   GET /api/demo-flashcards             the 8 landing-page demo cards
 *   GET /api/provisions                  every governing provision our topics cite, by body of law
 *   GET /api/provisions/:id              one provision (e.g. fre-803) with the topics under each sub-provision
 */
import { and, asc, count, eq, ilike, inArray, isNull, sql } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { SUBJECT_IDS } from "../../../contract/content";
import { briefs, decks, demoFlashcards, flashcards, noteTemplates, questions, subjects, topics } from "../../db/schema";
import type { AppEnv } from "../../lib/context";
import { AppError, notFound } from "../../lib/errors";
import { nowOf, parseQuery, requireFeature } from "../../lib/http";
import { type FeatureId, hasFeature } from "../../../domain/plans";
import { getSubscriptionSummary } from "../billing/subscriptions.service";
import { documentRoute } from "../../lib/openapi";
import { buildProvisionRegistry } from "../../../domain/provisions";

const subjectQuery = z.object({
  subject: z.enum(SUBJECT_IDS).optional(),
  topic: z.string().max(120).optional(),
  q: z.string().max(200).optional(),
});

export function contentRoutes() {
  const r = new Hono<AppEnv>();
  const db = (c: { get: (k: "deps") => AppEnv["Variables"]["deps"] }) => c.get("deps").database.db;
  /** Whether the signed-in user's tier (Free when signed out) includes `feature`. */
  const userHas = async (c: Context<AppEnv>, feature: FeatureId) => {
    const user = c.get("user");
    if (!user) return false;
    const deps = c.get("deps");
    return hasFeature((await getSubscriptionSummary(deps.database.db, user.id, nowOf(c))).tierName, feature);
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

  documentRoute({
    method: "get",
    path: "/api/subjects",
    summary: "The seven subjects with counts of topics, briefs, cards and questions.",
    tags: ["content"],
    responses: { 200: { description: "subjects" } },
  });
  r.get("/subjects", async (c) => {
    const d = db(c);
    const [rows, t, b, f, q] = await Promise.all([
      d.select().from(subjects).where(isNull(subjects.retiredAt)).orderBy(asc(subjects.sortOrder)),
      d
        .select({ s: topics.subjectId, n: count() })
        .from(topics)
        .where(isNull(topics.retiredAt))
        .groupBy(topics.subjectId),
      d
        .select({ s: briefs.subjectId, n: count() })
        .from(briefs)
        .where(and(eq(briefs.isOfficial, true), isNull(briefs.retiredAt)))
        .groupBy(briefs.subjectId),
      d
        .select({ s: flashcards.subjectId, n: count() })
        .from(flashcards)
        .where(and(eq(flashcards.isOfficial, true), isNull(flashcards.retiredAt)))
        .groupBy(flashcards.subjectId),
      d
        .select({ s: questions.subjectId, n: count() })
        .from(questions)
        .where(isNull(questions.retiredAt))
        .groupBy(questions.subjectId),
    ]);
    const m = (list: { s: string | null; n: number }[], id: string) => list.find((x) => x.s === id)?.n ?? 0;
    return c.json({
      subjects: rows.map((s) => ({
        id: s.id,
        name: s.name,
        shortName: s.shortName,
        description: s.description,
        counts: { topics: m(t, s.id), briefs: m(b, s.id), cards: m(f, s.id), questions: m(q, s.id) },
      })),
    });
  });

  documentRoute({
    method: "get",
    path: "/api/subjects/:id",
    summary: "A subject with its topics and case briefs.",
    tags: ["content"],
    responses: { 200: { description: "subject" }, 404: { description: "unknown subject" } },
  });
  r.get("/subjects/:id", async (c) => {
    const d = db(c);
    const [s] = await d
      .select()
      .from(subjects)
      .where(eq(subjects.id, c.req.param("id")));
    if (!s) throw notFound("No such subject.");
    const [tl, bl] = await Promise.all([
      d
        .select({ id: topics.id, title: topics.title, summary: topics.summary })
        .from(topics)
        .where(and(eq(topics.subjectId, s.id), isNull(topics.retiredAt)))
        .orderBy(asc(topics.title)),
      d
        .select(briefSummary)
        .from(briefs)
        .where(and(eq(briefs.subjectId, s.id), eq(briefs.isOfficial, true), isNull(briefs.retiredAt)))
        .orderBy(asc(briefs.name)),
    ]);
    return c.json({
      subject: { id: s.id, name: s.name, shortName: s.shortName, description: s.description },
      topics: tl,
      briefs: bl,
    });
  });

  documentRoute({
    method: "get",
    path: "/api/topics/:id",
    summary: "A topic (doctrine) with its cases and related topics.",
    tags: ["content"],
    responses: { 200: { description: "topic" }, 404: { description: "unknown topic" } },
  });
  r.get("/topics/:id", async (c) => {
    const d = db(c);
    const [t] = await d
      .select()
      .from(topics)
      .where(eq(topics.id, c.req.param("id")));
    if (!t) throw notFound("No such topic.");
    const body = t.body as { cases: string[]; related: string[] };
    const [caseRows, relatedRows, [subject]] = await Promise.all([
      body.cases.length
        ? d.select(briefSummary).from(briefs).where(inArray(briefs.id, body.cases))
        : Promise.resolve([]),
      body.related.length
        ? d
            .select({ id: topics.id, title: topics.title, subjectId: topics.subjectId })
            .from(topics)
            .where(inArray(topics.id, body.related))
        : Promise.resolve([]),
      d.select({ id: subjects.id, name: subjects.name }).from(subjects).where(eq(subjects.id, t.subjectId)),
    ]);
    const order =
      (ids: string[]) =>
      <T extends { id: string }>(rows: T[]) =>
        ids.map((id) => rows.find((x) => x.id === id)).filter(Boolean) as T[];
    return c.json({
      topic: { id: t.id, subject, title: t.title, summary: t.summary, rule: t.rule, ...t.body, retired: !!t.retiredAt },
      cases: order(body.cases)(caseRows),
      related: order(body.related)(relatedRows),
    });
  });

  documentRoute({
    method: "get",
    path: "/api/briefs",
    summary: "Official case briefs filtered by subject, topic and name.",
    tags: ["content"],
    query: subjectQuery,
    responses: { 200: { description: "briefs" } },
  });
  r.get("/briefs", async (c) => {
    const q = parseQuery(c, subjectQuery);
    const where = [eq(briefs.isOfficial, true), isNull(briefs.retiredAt)];
    if (q.subject) where.push(eq(briefs.subjectId, q.subject));
    if (q.topic) where.push(sql`${q.topic} = ANY(${briefs.topicIds})`);
    if (q.q) where.push(ilike(briefs.name, `%${q.q.replace(/[%_\\]/g, "\\$&")}%`));
    const rows = await db(c)
      .select(briefSummary)
      .from(briefs)
      .where(and(...where))
      .orderBy(asc(briefs.name));
    return c.json({ briefs: rows });
  });

  documentRoute({
    method: "get",
    path: "/api/briefs/:id",
    summary: "One official case brief.",
    tags: ["content"],
    responses: { 200: { description: "brief" }, 404: { description: "unknown brief" } },
  });
  r.get("/briefs/:id", async (c) => {
    const [b] = await db(c)
      .select()
      .from(briefs)
      .where(and(eq(briefs.id, c.req.param("id")), eq(briefs.isOfficial, true)));
    if (!b) throw notFound("No such case brief.");
    const topicRows = b.topicIds.length
      ? await db(c).select({ id: topics.id, title: topics.title }).from(topics).where(inArray(topics.id, b.topicIds))
      : [];
    return c.json({
      brief: {
        id: b.id,
        name: b.name,
        citation: b.citation,
        court: b.court,
        year: b.year,
        subjectId: b.subjectId,
        topics: topicRows,
        ...b.body,
        isOfficial: true,
        retired: !!b.retiredAt,
      },
    });
  });

  documentRoute({
    method: "get",
    path: "/api/decks",
    summary: "Official flashcard decks with card counts.",
    tags: ["content"],
    query: subjectQuery,
    responses: { 200: { description: "decks" } },
  });
  r.get("/decks", async (c) => {
    const q = parseQuery(c, subjectQuery);
    const where = [eq(decks.isOfficial, true), isNull(decks.retiredAt)];
    if (q.subject) where.push(eq(decks.subjectId, q.subject));
    const rows = await db(c)
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
    return c.json({ decks: rows });
  });

  documentRoute({
    method: "get",
    path: "/api/decks/:id",
    summary: "An official deck with its cards (a premium deck's cards need Unlimited or Trial).",
    tags: ["content"],
    responses: {
      200: { description: "deck" },
      403: { description: "UPGRADE_REQUIRED: premium deck without the flashcards feature" },
      404: { description: "unknown deck" },
    },
  });
  r.get("/decks/:id", async (c) => {
    const [deck] = await db(c)
      .select()
      .from(decks)
      .where(and(eq(decks.id, c.req.param("id")), eq(decks.isOfficial, true)));
    if (!deck) throw notFound("No such deck.");
    if (!deck.isFree && !(await userHas(c, "flashcards")))
      throw new AppError("UPGRADE_REQUIRED", "Official flashcards are part of Unlimited. Upgrade to study them.", {
        feature: "flashcards",
      });
    const cards = await db(c)
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
    return c.json({
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
    });
  });

  documentRoute({
    method: "get",
    path: "/api/questions",
    summary:
      "Official practice questions by subject and topic, with answers and explanations (the question bank: Unlimited or Trial).",
    tags: ["content"],
    auth: true,
    query: subjectQuery,
    responses: {
      200: { description: "questions" },
      401: { description: "signed out" },
      403: { description: "UPGRADE_REQUIRED" },
    },
  });
  r.get("/questions", async (c) => {
    await requireFeature(c, "question_bank");
    const q = parseQuery(c, subjectQuery);
    const where = [isNull(questions.retiredAt)];
    if (q.subject) where.push(eq(questions.subjectId, q.subject));
    if (q.topic) where.push(eq(questions.topicId, q.topic));
    const rows = await db(c)
      .select()
      .from(questions)
      .where(and(...where))
      .orderBy(asc(questions.setId), asc(questions.position));
    return c.json({ questions: rows.map(({ retiredAt: _r, ...x }) => x) });
  });

  documentRoute({
    method: "get",
    path: "/api/templates",
    summary: "Official note templates.",
    tags: ["content"],
    responses: { 200: { description: "templates" } },
  });
  r.get("/templates", async (c) => {
    const rows = await db(c)
      .select({
        id: noteTemplates.id,
        title: noteTemplates.title,
        description: noteTemplates.description,
        html: noteTemplates.html,
      })
      .from(noteTemplates)
      .where(and(eq(noteTemplates.isOfficial, true), isNull(noteTemplates.retiredAt)))
      .orderBy(asc(noteTemplates.title));
    return c.json({ templates: rows });
  });

  documentRoute({
    method: "get",
    path: "/api/demo-flashcards",
    summary: "The 8 demo flashcards of the landing page (SPEC.md §2.2).",
    tags: ["content"],
    responses: { 200: { description: "cards" } },
  });
  r.get("/demo-flashcards", async (c) => {
    const rows = await db(c).select().from(demoFlashcards).orderBy(asc(demoFlashcards.position));
    return c.json({
      cards: rows.map((x) => ({
        id: x.id,
        question: x.question,
        answer: x.answer,
        subject: x.subject,
        difficulty: x.difficulty,
        isPremium: x.isPremium,
        tags: x.tags,
      })),
    });
  });

  /** The provision registry of the live topics (decision 012), with topic titles. */
  const registry = async (c: Parameters<typeof db>[0]) => {
    const rows = await db(c)
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
  };

  documentRoute({
    method: "get",
    path: "/api/provisions",
    summary: "Governing provisions cited by the official topics (rules, sections, amendments), grouped by body of law.",
    tags: ["content"],
    responses: { 200: { description: "{ families: [{ family, provisions: [{ id, label, topics }] }] }" } },
  });
  r.get("/provisions", async (c) => {
    const { reg } = await registry(c);
    const families = new Map<string, { id: string; label: string; topics: number }[]>();
    for (const p of reg.values()) {
      const list = families.get(p.family) ?? [];
      list.push({ id: p.id, label: p.label, topics: p.topicIds.length });
      families.set(p.family, list);
    }
    const natural = (a: string, b: string) => a.localeCompare(b, "en", { numeric: true });
    const ORDER = [
      "United States Constitution",
      "Federal Rules of Civil Procedure",
      "Federal Rules of Evidence",
      "Federal Rules of Criminal Procedure",
      "Federal Rules of Appellate Procedure",
      "United States Code",
      "Uniform Commercial Code",
      "Model Penal Code",
    ];
    const rank = (f: string) => (ORDER.includes(f) ? ORDER.indexOf(f) : ORDER.length);
    return c.json({
      families: [...families]
        .sort((a, b) => rank(a[0]) - rank(b[0]) || natural(a[0], b[0]))
        .map(([family, provisions]) => ({ family, provisions: provisions.sort((a, b) => natural(a.label, b.label)) })),
    });
  });

  documentRoute({
    method: "get",
    path: "/api/provisions/:id",
    summary:
      "One governing provision (e.g. fre-803, ucc-2-207, const-amend-14) and the topics that rely on each of its sub-provisions. Lexmate does not reproduce the provision's text.",
    tags: ["content"],
    responses: {
      200: {
        description: "{ provision: { id, label, family }, cites: [{ cite, topics: [{ id, title, subjectId }] }] }",
      },
      404: { description: "no topic cites this provision" },
    },
  });
  r.get("/provisions/:id", async (c) => {
    const { reg, byId } = await registry(c);
    const p = reg.get(c.req.param("id"));
    if (!p) throw notFound("No such provision.");
    return c.json({
      provision: { id: p.id, label: p.label, family: p.family },
      cites: p.cites.map((x) => ({ cite: x.cite, topics: x.topicIds.map((id) => byId.get(id)).filter(Boolean) })),
    });
  });

  return r;
}
