/**
 * The seven official starter courses (issue 15 §5), one per MBE subject, generated from our own
 * content at boot right after the content seed (same rule: upsert by stable id, skipped when
 * nothing changed). No video is shipped; the catalog says 'Reading and practice'.
 *
 * Shape: one module per practice-question set of the subject (its title), holding the topics the
 * set's questions test (a topic with no question joins the module of a related topic, else a last
 * 'More topics' module). Each topic becomes a reading lesson (rule, elements, exceptions,
 * positions, traps, cases to know, provisions — in Markdown); each module ends with a practice
 * lesson of the bank questions on its topics.
 *
 * What an operator set in the editor survives a re-seed: price, days of access, featured, status
 * and any video, captions, transcript or chapters attached to a lesson. Generated lessons that
 * disappear (a topic removed) are deleted; lessons and modules an operator added are kept.
 */
import { createHash } from "node:crypto";
import { and, eq, like, notInArray, sql } from "drizzle-orm";
import type { Brief, QuestionSet, Topic } from "../../../contract/content";
import type { Corpus } from "../../content/load";
import type { Db } from "../../db/client";
import { contentState, courseLessons, courseModules, courses } from "../../db/schema";

/** Bumped when the generator's output changes shape, so existing installs re-generate. */
const GENERATOR_VERSION = 1;
/** Default price of an official course bought on its own (cents), and its access window (days). */
export const OFFICIAL_COURSE_PRICE = 2900;
export const OFFICIAL_COURSE_DAYS = 180;
/** Reading speed used for a reading lesson's duration (words a minute). */
const WORDS_PER_MINUTE = 180;

interface GenLesson {
  id: string;
  title: string;
  kind: "reading" | "practice";
  body: string;
  durationS: number;
  questionIds: string[];
  topicId: string | null;
  isPreview: boolean;
}
interface GenModule {
  id: string;
  title: string;
  lessons: GenLesson[];
}
export interface GenCourse {
  id: string;
  slug: string;
  title: string;
  subjectIds: string[];
  overview: string;
  objectives: string[];
  position: number;
  featured: boolean;
  modules: GenModule[];
}

const list = (items: string[], numbered = false) =>
  items.map((x, i) => `${numbered ? `${i + 1}.` : "-"} ${x}`).join("\n");

/** The Markdown of a topic's reading lesson. */
export function readingMarkdown(t: Topic, briefs: Brief[]): string {
  const parts = [`_${t.summary}_`, "## The rule", t.rule];
  parts.push("## Elements", list(t.elements, true));
  if (t.exceptions.length) parts.push("## Exceptions and defenses", list(t.exceptions));
  if (t.positions.length) parts.push("## Positions", list(t.positions.map((p) => `**${p.view}.** ${p.rule}`)));
  parts.push("## Exam traps", list(t.traps));
  const cases = briefs.filter((b) => t.cases.includes(b.id) || b.topics.includes(t.id));
  if (cases.length)
    parts.push(
      "## Cases to know",
      list(cases.map((b) => `[${b.name}](/cases/${b.id}), ${b.citation} (${b.year}): ${b.holding}`)),
    );
  if (t.provisions.length) parts.push("## Provisions", list(t.provisions));
  return parts.join("\n\n");
}

const words = (s: string) => s.split(/\s+/).filter(Boolean).length;

/** The official courses for `corpus` (pure; see the file comment). */
export function generateOfficialCourses(corpus: Corpus): GenCourse[] {
  return [...corpus.subjects]
    .sort((a, b) => a.order - b.order)
    .map((s) => {
      const courseId = `official-${s.id}`;
      const topics = corpus.topics.filter((t) => t.subject === s.id);
      // Practice lessons take one-letter answers: multi-select items (issue 18) stay in the bank,
      // the quizzes and exam mode, and sets made only of them shape no module.
      const sets: QuestionSet[] = corpus.questionSets
        .filter((q) => q.subject === s.id)
        .map((q) => ({ ...q, questions: q.questions.filter((x) => !Array.isArray(x.answer)) }))
        .filter((q) => q.questions.length);
      const briefs = corpus.briefs.filter((b) => b.subject === s.id);
      // topic → the set holding most of its questions
      const home = new Map<string, string>();
      for (const t of topics) {
        let best: { id: string; n: number } | null = null;
        for (const set of sets) {
          const n = set.questions.filter((q) => q.topic === t.id).length;
          if (n && (!best || n > best.n)) best = { id: set.id, n };
        }
        if (best) home.set(t.id, best.id);
      }
      for (let pass = 0; pass < 3; pass++)
        for (const t of topics)
          if (!home.has(t.id)) {
            const r = t.related.find((id) => home.has(id));
            if (r) home.set(t.id, home.get(r)!);
          }
      const groups = [
        ...sets.map((set) => ({ key: set.id, title: set.title })),
        { key: "more", title: `More ${s.shortName} topics` },
      ];
      const modules: GenModule[] = groups
        .map((g) => {
          const ts = topics.filter((t) => (home.get(t.id) ?? "more") === g.key);
          const tIds = new Set(ts.map((t) => t.id));
          const qIds = sets
            .flatMap((q) => q.questions)
            .filter((q) => tIds.has(q.topic))
            .map((q) => q.id);
          const lessons: GenLesson[] = ts.map((t) => {
            const body = readingMarkdown(t, briefs);
            return {
              id: `${courseId}--${t.id}`,
              title: t.title,
              kind: "reading",
              body,
              durationS: Math.max(60, Math.round((words(body) / WORDS_PER_MINUTE) * 60)),
              questionIds: [],
              topicId: t.id,
              isPreview: false,
            };
          });
          if (qIds.length)
            lessons.push({
              id: `${courseId}--practice-${g.key}`,
              title: `Practice: ${g.title}`,
              kind: "practice",
              body: `Answer each question; the explanation opens once you pick a choice. The lesson is complete when every question is answered.`,
              durationS: qIds.length * 108,
              questionIds: qIds,
              topicId: null,
              isPreview: false,
            });
          return { id: `${courseId}--m-${g.key}`, title: g.title, lessons };
        })
        .filter((m) => m.lessons.length);
      // The first lesson of a course is a free preview.
      if (modules[0]?.lessons[0]) modules[0].lessons[0].isPreview = true;
      return {
        id: courseId,
        slug: `${s.id}-starter`,
        title: `${s.name}: Rules and Practice`,
        subjectIds: [s.id],
        overview: `${s.description} Reading and practice: every topic of ${s.name} as a short reading lesson (the rule, its elements, exceptions, exam traps and the cases to know), then practice questions from the bank after each module.`,
        objectives: modules.map((m) => `State and apply the rules of ${m.title.replace(/^More /, "").toLowerCase()}.`),
        position: s.order,
        featured: s.order <= 2,
        modules,
      };
    });
}

const hashOf = (v: unknown) => createHash("sha256").update(JSON.stringify(v)).digest("hex");

/**
 * Writes the generated courses (file comment). One transaction; skipped (one SELECT) when the
 * generated output is unchanged since the last run. Returns the number of courses written.
 */
export async function seedOfficialCourses(db: Db, corpus: Corpus, now = new Date()): Promise<{ skipped: boolean }> {
  const generated = generateOfficialCourses(corpus);
  const hash = hashOf({ v: GENERATOR_VERSION, generated });
  const [state] = await db.select().from(contentState).where(eq(contentState.kind, "official-courses"));
  if (state?.hash === hash) return { skipped: true };
  await db.transaction(async (tx) => {
    for (const c of generated) {
      await tx
        .insert(courses)
        .values({
          id: c.id,
          slug: c.slug,
          title: c.title,
          subjectIds: c.subjectIds,
          overview: c.overview,
          objectives: c.objectives,
          instructor: "Lexmate editors",
          price: OFFICIAL_COURSE_PRICE,
          daysOfAccess: OFFICIAL_COURSE_DAYS,
          featured: c.featured,
          status: "published",
          isOfficial: true,
          position: c.position,
          contentHash: hashOf(c),
        })
        .onConflictDoUpdate({
          target: courses.id,
          set: {
            title: c.title,
            subjectIds: c.subjectIds,
            overview: c.overview,
            objectives: c.objectives,
            contentHash: hashOf(c),
            updatedAt: now,
          },
        });
      const moduleIds = c.modules.map((m) => m.id);
      const lessonIds = c.modules.flatMap((m) => m.lessons.map((l) => l.id));
      for (const [mi, m] of c.modules.entries()) {
        await tx
          .insert(courseModules)
          .values({ id: m.id, courseId: c.id, title: m.title, position: mi + 1 })
          .onConflictDoUpdate({ target: courseModules.id, set: { title: m.title, position: mi + 1 } });
        if (m.lessons.length)
          await tx
            .insert(courseLessons)
            .values(
              m.lessons.map((l, li) => ({
                id: l.id,
                courseId: c.id,
                moduleId: m.id,
                title: l.title,
                kind: l.kind,
                position: li + 1,
                durationS: l.durationS,
                isPreview: l.isPreview,
                body: l.body,
                questionIds: l.questionIds,
                topicId: l.topicId,
              })),
            )
            .onConflictDoUpdate({
              target: courseLessons.id,
              set: {
                moduleId: sql`excluded.module_id`,
                title: sql`excluded.title`,
                position: sql`excluded.position`,
                body: sql`excluded.body`,
                questionIds: sql`excluded.question_ids`,
                topicId: sql`excluded.topic_id`,
                // A video an operator attached keeps its probed duration.
                durationS: sql`CASE WHEN ${courseLessons.videoKey} IS NULL AND ${courseLessons.videoUrl} IS NULL THEN excluded.duration_s ELSE ${courseLessons.durationS} END`,
                updatedAt: now,
              },
            });
      }
      await tx
        .delete(courseLessons)
        .where(
          and(
            eq(courseLessons.courseId, c.id),
            like(courseLessons.id, `${c.id}--%`),
            lessonIds.length ? notInArray(courseLessons.id, lessonIds) : undefined,
          ),
        );
      await tx
        .delete(courseModules)
        .where(
          and(
            eq(courseModules.courseId, c.id),
            like(courseModules.id, `${c.id}--%`),
            moduleIds.length ? notInArray(courseModules.id, moduleIds) : undefined,
          ),
        );
    }
    await tx
      .insert(contentState)
      .values({ kind: "official-courses", hash, seededAt: now })
      .onConflictDoUpdate({ target: contentState.kind, set: { hash, seededAt: now } });
  });
  return { skipped: false };
}
