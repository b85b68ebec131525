/**
 * `readLandingData`: what the landing page shows from the official content (SPEC.md §2.2) —
 * the 8 demo flashcards, the four chat demo examples and the 'proof' — read from the seeded
 * content tables. Official content changes only when a server boots, so the result is kept in
 * memory for `LANDING_CACHE_MS` per database.
 *
 * The chat demo answers are built from the named topic or brief, word for word, with the
 * sources they came from as citations: a visitor can open each source and check it. A demo
 * whose source is missing (content renamed) is left out rather than invented.
 */
import { and, arrayOverlaps, asc, count, eq, inArray, isNull } from "drizzle-orm";
import type {
  ChatDemo,
  ChatDemoKind,
  Citation,
  DemoCard,
  LandingData,
  ProofBrief,
  ProofQuestion,
} from "../../../contract/landing";
import type { Difficulty } from "../../../contract/content";
import type { Db } from "../../db/client";
import { briefs, demoFlashcards, flashcards, questions, subjects, topics } from "../../db/schema";

export const LANDING_CACHE_MS = 5 * 60_000;

type TopicRow = typeof topics.$inferSelect;
type BriefRow = typeof briefs.$inferSelect;

interface DemoSpec {
  kind: ChatDemoKind;
  label: string;
  question: string;
  source: { topic: string } | { brief: string };
  build(src: { topic?: TopicRow; brief?: BriefRow }): { answer: string[]; points: string[] };
}

const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

/** The four chat demo examples of SPEC.md §2.2 and the content each is built from. */
export const CHAT_DEMO_SPECS: DemoSpec[] = [
  {
    kind: "concept-clarification",
    label: "Concept clarification",
    question: "What is negligence per se, and what does the plaintiff still have to prove?",
    source: { topic: "torts-negligence-per-se" },
    build: ({ topic }) => ({ answer: [topic!.rule], points: list(topic!.body.elements) }),
  },
  {
    kind: "legal-distinctions",
    label: "Legal distinctions",
    question: "How do contributory negligence, pure comparative negligence and modified comparative negligence differ?",
    source: { topic: "torts-contributory-and-comparative-negligence" },
    build: ({ topic }) => ({
      answer: [topic!.summary],
      points: ((topic!.body.positions as { view: string; rule: string }[] | undefined) ?? []).map(
        (p) => `${p.view}: ${p.rule}`,
      ),
    }),
  },
  {
    kind: "case-analysis",
    label: "Case analysis",
    question: "Break down Palsgraf v. Long Island Railroad Co. for me.",
    source: { brief: "palsgraf-v-long-island-railroad-co" },
    build: ({ brief }) => {
      const b = brief!.body as Record<string, unknown>;
      return { answer: [`Issue: ${b.issue}`, `Rule: ${b.rule}`, `Holding: ${b.holding}`], points: list(b.takeaways) };
    },
  },
  {
    kind: "rapid-topic-summaries",
    label: "Rapid topic summaries",
    question: "Give me the definition of hearsay in thirty seconds.",
    source: { topic: "evidence-hearsay-definition" },
    build: ({ topic }) => ({ answer: [topic!.summary], points: list(topic!.body.elements) }),
  },
];

/** Briefs the proof section lists when they exist (famous first-year cases any student can look up). */
const PROOF_BRIEF_IDS = [
  "palsgraf-v-long-island-railroad-co",
  "international-shoe-co-v-washington",
  "marbury-v-madison",
  "hadley-v-baxendale",
];
const PROOF_QUESTION_ID = "torts-q-001";

const briefCitation = (b: Pick<BriefRow, "id" | "name" | "citation" | "year">): Citation => ({
  kind: "brief",
  title: b.name,
  cite: b.citation ? `${b.citation}${b.year ? ` (${b.year})` : ""}` : null,
  url: `/cases/${b.id}`,
});
const topicCitation = (t: Pick<TopicRow, "id" | "title">): Citation => ({
  kind: "topic",
  title: t.title,
  cite: null,
  url: `/library/topics/${t.id}`,
});

async function buildChatDemos(db: Db): Promise<ChatDemo[]> {
  const topicIds = CHAT_DEMO_SPECS.flatMap((d) => ("topic" in d.source ? [d.source.topic] : []));
  const briefIds = CHAT_DEMO_SPECS.flatMap((d) => ("brief" in d.source ? [d.source.brief] : []));
  const [topicRows, briefRows, teaching] = await Promise.all([
    db
      .select()
      .from(topics)
      .where(and(inArray(topics.id, topicIds), isNull(topics.retiredAt))),
    db
      .select()
      .from(briefs)
      .where(and(inArray(briefs.id, briefIds), eq(briefs.isOfficial, true), isNull(briefs.retiredAt))),
    // official briefs that teach the demo topics, oldest first
    db
      .select({
        id: briefs.id,
        name: briefs.name,
        citation: briefs.citation,
        year: briefs.year,
        topicIds: briefs.topicIds,
      })
      .from(briefs)
      .where(and(eq(briefs.isOfficial, true), isNull(briefs.retiredAt), arrayOverlaps(briefs.topicIds, topicIds)))
      .orderBy(asc(briefs.year)),
  ]);
  const demos: ChatDemo[] = [];
  for (const spec of CHAT_DEMO_SPECS) {
    if ("topic" in spec.source) {
      const id = spec.source.topic;
      const topic = topicRows.find((t) => t.id === id);
      if (!topic) continue;
      const { answer, points } = spec.build({ topic });
      const provisions = list(topic.body.provisions).map(
        (p): Citation => ({ kind: "provision", title: p, cite: null, url: null }),
      );
      // Briefs filed first under this topic come before those that only touch it.
      const cases = teaching
        .filter((b) => b.topicIds.includes(id))
        .sort((a, b) => Number(b.topicIds[0] === id) - Number(a.topicIds[0] === id))
        .slice(0, 2)
        .map(briefCitation);
      demos.push({
        kind: spec.kind,
        label: spec.label,
        question: spec.question,
        answer,
        points,
        citations: [topicCitation(topic), ...cases, ...provisions],
      });
    } else {
      const id = spec.source.brief;
      const brief = briefRows.find((b) => b.id === id);
      if (!brief) continue;
      const { answer, points } = spec.build({ brief });
      const taught = brief.topicIds.length
        ? await db.select({ id: topics.id, title: topics.title }).from(topics).where(inArray(topics.id, brief.topicIds))
        : [];
      demos.push({
        kind: spec.kind,
        label: spec.label,
        question: spec.question,
        answer,
        points,
        citations: [briefCitation(brief), ...taught.map(topicCitation)],
      });
    }
  }
  return demos;
}

async function buildProof(db: Db): Promise<LandingData["proof"]> {
  const n = (rows: { n: number }[]) => Number(rows[0]?.n ?? 0);
  const [s, t, b, c, q, briefRows, [question]] = await Promise.all([
    db.select({ n: count() }).from(subjects).where(isNull(subjects.retiredAt)),
    db.select({ n: count() }).from(topics).where(isNull(topics.retiredAt)),
    db
      .select({ n: count() })
      .from(briefs)
      .where(and(eq(briefs.isOfficial, true), isNull(briefs.retiredAt))),
    db
      .select({ n: count() })
      .from(flashcards)
      .where(and(eq(flashcards.isOfficial, true), isNull(flashcards.retiredAt))),
    db.select({ n: count() }).from(questions).where(isNull(questions.retiredAt)),
    db
      .select()
      .from(briefs)
      .where(and(inArray(briefs.id, PROOF_BRIEF_IDS), eq(briefs.isOfficial, true), isNull(briefs.retiredAt))),
    db
      .select()
      .from(questions)
      .where(and(eq(questions.id, PROOF_QUESTION_ID), isNull(questions.retiredAt))),
  ]);
  const proofBriefs: ProofBrief[] = PROOF_BRIEF_IDS.flatMap((id) => {
    const row = briefRows.find((x) => x.id === id);
    if (!row?.citation || !row.year) return [];
    return [
      {
        id: row.id,
        name: row.name,
        citation: row.citation,
        court: row.court ?? "",
        year: row.year,
        holding: String((row.body as Record<string, unknown>).holding ?? ""),
      },
    ];
  });
  let proofQuestion: ProofQuestion | null = null;
  if (question) {
    const [topic] = await db.select({ title: topics.title }).from(topics).where(eq(topics.id, question.topicId));
    const [subject] = await db
      .select({ name: subjects.name })
      .from(subjects)
      .where(eq(subjects.id, question.subjectId));
    proofQuestion = {
      id: question.id,
      subject: subject?.name ?? question.subjectId,
      topic: topic?.title ?? question.topicId,
      stem: question.stem,
      call: question.call,
      choices: Object.entries(question.choices).map(([key, text]) => ({ key, text })),
      answer: question.answer,
      explanation: question.explanations[question.answer] ?? "",
    };
  }
  return {
    counts: { subjects: n(s), topics: n(t), briefs: n(b), cards: n(c), questions: n(q) },
    briefs: proofBriefs,
    question: proofQuestion,
  };
}

async function buildLandingData(db: Db): Promise<LandingData> {
  const [cards, chatDemos, proof] = await Promise.all([
    db.select().from(demoFlashcards).orderBy(asc(demoFlashcards.position)),
    buildChatDemos(db),
    buildProof(db),
  ]);
  const demoCards: DemoCard[] = cards.map((d) => ({
    id: d.id,
    question: d.question,
    answer: d.answer,
    subject: d.subject,
    difficulty: d.difficulty as Difficulty,
    isPremium: d.isPremium,
    tags: d.tags,
  }));
  return { demoCards, chatDemos, proof };
}

const cache = new WeakMap<Db, { at: number; value: Promise<LandingData> }>();

/** The landing data for `db`, built at most once per `LANDING_CACHE_MS` (`now` in ms, for tests). Throws what the database throws. */
export function readLandingData(db: Db, now = Date.now()): Promise<LandingData> {
  const hit = cache.get(db);
  if (hit && now - hit.at < LANDING_CACHE_MS) return hit.value;
  const value = buildLandingData(db);
  cache.set(db, { at: now, value });
  value.catch(() => cache.delete(db));
  return value;
}
