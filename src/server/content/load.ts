/**
 * Loads and validates the official content in `content/` (issue 3).
 *
 * Layout:
 *   content/subjects.yaml                       the nine subjects
 *   content/<subject>/topics/<topic-id>.yaml    one topic (doctrine) per file
 *   content/<subject>/briefs/<case-id>.yaml     one case brief per file
 *   content/<subject>/decks/<deck-id>.yaml      one flashcard deck per file
 *   content/<subject>/questions/<set-id>.yaml   one practice-question set per file
 *   content/<subject>/integrated-sets/<id>.yaml one NextGen integrated question set per file (decision 076)
 *   content/performance-tasks/<task-id>.yaml    one NextGen performance task per file (decision 076)
 *   content/templates/<template-id>.yaml        note templates
 *   content/demo-flashcards.yaml                the 8 landing-page demo cards (SPEC.md §2.2)
 *
 * `loadContent(dir)` never throws for bad content: it returns every problem as
 * `{ file, field, reason }` so `content:check` can print them all at once.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import YAML from "yaml";
import type { z } from "zod";
import {
  type Brief,
  briefSchema,
  type Deck,
  type DemoFlashcard,
  deckSchema,
  demoFlashcardSchema,
  type NoteTemplate,
  type QuestionSet,
  questionSetSchema,
  SUBJECT_IDS,
  type Subject,
  type SubjectId,
  subjectSchema,
  type Topic,
  templateSchema,
  topicSchema,
} from "../../contract/content";
import {
  type IntegratedSet,
  integratedSetSchema,
  type PerformanceTask,
  performanceTaskSchema,
} from "../../contract/nextgen-content";

export interface ContentProblem {
  file: string;
  field: string;
  reason: string;
}

export interface Corpus {
  subjects: Subject[];
  topics: Topic[];
  briefs: Brief[];
  decks: Deck[];
  questionSets: QuestionSet[];
  templates: NoteTemplate[];
  demoFlashcards: DemoFlashcard[];
  /** NextGen integrated question sets (decision 076), in file order per subject. */
  integratedSets: IntegratedSet[];
  /** NextGen performance tasks (decision 076), in file order. */
  performanceTasks: PerformanceTask[];
}

export interface LoadResult {
  corpus: Corpus;
  problems: ContentProblem[];
}

function listYaml(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith(".yaml") || f.endsWith(".yml"))
      .sort()
      .map((f) => join(dir, f));
  } catch {
    return [];
  }
}

function parseFile<T>(root: string, file: string, schema: z.ZodType<T>, problems: ContentProblem[]): T | undefined {
  const rel = relative(root, file);
  let raw: unknown;
  try {
    raw = YAML.parse(readFileSync(file, "utf8"));
  } catch (err) {
    problems.push({ file: rel, field: "(file)", reason: `not valid YAML: ${(err as Error).message.split("\n")[0]}` });
    return undefined;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      problems.push({ file: rel, field: issue.path.join(".") || "(root)", reason: issue.message });
    }
    return undefined;
  }
  return parsed.data;
}

/** Reads every content file under `dir`, validates each one and every cross-reference. */
export function loadContent(dir: string): LoadResult {
  const problems: ContentProblem[] = [];
  const corpus: Corpus = {
    subjects: [],
    topics: [],
    briefs: [],
    decks: [],
    questionSets: [],
    templates: [],
    demoFlashcards: [],
    integratedSets: [],
    performanceTasks: [],
  };
  const subjectsFile = join(dir, "subjects.yaml");
  const subjects = parseFile(dir, subjectsFile, subjectSchema.array(), problems);
  if (subjects) corpus.subjects = subjects;
  const demo = parseFile(dir, join(dir, "demo-flashcards.yaml"), demoFlashcardSchema.array().length(8), problems);
  if (demo) corpus.demoFlashcards = demo;
  for (const file of listYaml(join(dir, "templates"))) {
    const t = parseFile(dir, file, templateSchema, problems);
    if (t) corpus.templates.push(t);
  }
  for (const file of listYaml(join(dir, "performance-tasks"))) {
    const t = parseFile(dir, file, performanceTaskSchema, problems);
    if (t) corpus.performanceTasks.push(t);
  }
  for (const subject of SUBJECT_IDS) {
    const base = join(dir, subject);
    if (!exists(base)) continue;
    const check = <T extends { subject: SubjectId }>(file: string, item: T | undefined, list: T[]) => {
      if (!item) return;
      if (item.subject !== subject) {
        problems.push({
          file: relative(dir, file),
          field: "subject",
          reason: `is '${item.subject}' but the file is in ${subject}/`,
        });
      }
      list.push(item);
    };
    for (const f of listYaml(join(base, "topics"))) check(f, parseFile(dir, f, topicSchema, problems), corpus.topics);
    for (const f of listYaml(join(base, "briefs"))) check(f, parseFile(dir, f, briefSchema, problems), corpus.briefs);
    for (const f of listYaml(join(base, "decks"))) check(f, parseFile(dir, f, deckSchema, problems), corpus.decks);
    for (const f of listYaml(join(base, "questions")))
      check(f, parseFile(dir, f, questionSetSchema, problems), corpus.questionSets);
    for (const f of listYaml(join(base, "integrated-sets")))
      check(f, parseFile(dir, f, integratedSetSchema, problems), corpus.integratedSets);
  }
  problems.push(...checkReferences(corpus));
  linkBriefsToTopics(corpus);
  return { corpus, problems };
}

/** Adds each brief to the `cases` of every topic it names (after the topic's own list). */
function linkBriefsToTopics(c: Corpus): void {
  const byId = new Map(c.topics.map((t) => [t.id, t]));
  for (const b of c.briefs)
    for (const t of b.topics) {
      const topic = byId.get(t);
      if (topic && !topic.cases.includes(b.id)) topic.cases.push(b.id);
    }
}

function exists(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** Unique ids across each kind, and every reference between kinds resolves. */
export function checkReferences(c: Corpus): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const unique = (kind: string, ids: string[]) => {
    const seen = new Set<string>();
    for (const i of ids) {
      if (seen.has(i)) problems.push({ file: kind, field: "id", reason: `duplicate id '${i}'` });
      seen.add(i);
    }
    return seen;
  };
  const topicIds = unique(
    "topics",
    c.topics.map((t) => t.id),
  );
  const briefIds = unique(
    "briefs",
    c.briefs.map((b) => b.id),
  );
  unique(
    "decks",
    c.decks.map((d) => d.id),
  );
  unique(
    "cards",
    c.decks.flatMap((d) => d.cards.map((x) => x.id)),
  );
  unique(
    "question sets",
    c.questionSets.map((s) => s.id),
  );
  unique(
    "questions",
    c.questionSets.flatMap((s) => s.questions.map((q) => q.id)),
  );
  unique(
    "templates",
    c.templates.map((t) => t.id),
  );
  unique(
    "integrated sets",
    c.integratedSets.map((s) => s.id),
  );
  unique(
    "integrated set items",
    c.integratedSets.flatMap((s) => s.items.map((i) => i.id)),
  );
  unique(
    "performance tasks",
    c.performanceTasks.map((t) => t.id),
  );
  for (const s of c.integratedSets)
    unique(
      `integrated set ${s.id} documents`,
      s.documents.map((d) => d.id),
    );
  for (const t of c.performanceTasks)
    unique(
      `performance task ${t.id} documents`,
      [...t.file, ...t.library].map((d) => d.id),
    );
  const topicSubject = new Map(c.topics.map((t) => [t.id, t.subject]));
  const needTopic = (where: string, field: string, t: string) => {
    if (!topicIds.has(t)) problems.push({ file: where, field, reason: `unknown topic id '${t}'` });
  };
  for (const t of c.topics) {
    for (const k of t.cases)
      if (!briefIds.has(k)) problems.push({ file: `topic ${t.id}`, field: "cases", reason: `unknown case id '${k}'` });
    for (const r of t.related) needTopic(`topic ${t.id}`, "related", r);
  }
  for (const b of c.briefs) for (const t of b.topics) needTopic(`brief ${b.id}`, "topics", t);
  for (const d of c.decks) {
    needTopic(`deck ${d.id}`, "topic", d.topic);
    if (topicSubject.has(d.topic) && topicSubject.get(d.topic) !== d.subject)
      problems.push({ file: `deck ${d.id}`, field: "topic", reason: `topic '${d.topic}' belongs to another subject` });
  }
  for (const s of c.questionSets)
    for (const q of s.questions) {
      needTopic(`question ${q.id}`, "topic", q.topic);
      if (topicSubject.has(q.topic) && topicSubject.get(q.topic) !== s.subject)
        problems.push({
          file: `question ${q.id}`,
          field: "topic",
          reason: `topic '${q.topic}' belongs to another subject`,
        });
    }
  for (const s of c.integratedSets)
    for (const it of s.items) needTopic(`integrated set ${s.id} item ${it.id}`, "topic", it.topic);
  return problems;
}

/** Minimums of issue 3 per subject. */
export const MINIMUMS = { topics: 25, briefs: 12, cards: 60, questions: 40 } as const;
export const TOTAL_MINIMUMS = { briefs: 120, cards: 420, questions: 280, templates: 6 } as const;

export interface ContentCounts {
  subjects: Record<
    string,
    {
      topics: number;
      briefs: number;
      decks: number;
      cards: number;
      questions: number;
      /** Of the questions, NextGen multi-select ("select two") items (decision 078). */
      multi_select: number;
      /** Trigger facts over all the subject's topics (issue 13 §1). */
      triggers: number;
      /** Topics with fewer than TRIGGER_MINIMUM trigger facts. */
      topicsBelowTriggerMinimum: number;
      /** NextGen integrated question sets of the subject (decision 076). */
      integrated_sets: number;
    }
  >;
  totals: {
    topics: number;
    briefs: number;
    decks: number;
    cards: number;
    questions: number;
    /** Of the questions, NextGen multi-select ("select two") items (decision 078). */
    multi_select: number;
    templates: number;
    demoFlashcards: number;
    integrated_sets: number;
    performance_tasks: number;
  };
  /** Items of the integrated sets by type (choice items split into single- and multi-select). */
  integrated_items: { choice: number; "multi-select": number; "short-answer": number; "medium-answer": number };
  /** Performance tasks by kind (drafting, counseling, persuasive, objective). */
  performance_task_kinds: Record<string, number>;
}

/** Counts per subject and kind, as `content:check` prints them. */
/** Multi-select items of a question set: those whose answer is a list of letters. */
const multiSelectCount = (set: Corpus["questionSets"][number]) =>
  set.questions.filter((q) => Array.isArray(q.answer)).length;

export function countContent(c: Corpus): ContentCounts {
  const subjects: ContentCounts["subjects"] = {};
  for (const s of SUBJECT_IDS) {
    subjects[s] = {
      topics: c.topics.filter((t) => t.subject === s).length,
      briefs: c.briefs.filter((b) => b.subject === s).length,
      decks: c.decks.filter((d) => d.subject === s).length,
      cards: c.decks.filter((d) => d.subject === s).reduce((n, d) => n + d.cards.length, 0),
      questions: c.questionSets.filter((q) => q.subject === s).reduce((n, q) => n + q.questions.length, 0),
      multi_select: c.questionSets.filter((q) => q.subject === s).reduce((n, q) => n + multiSelectCount(q), 0),
      triggers: c.topics.filter((t) => t.subject === s).reduce((n, t) => n + t.triggers.length, 0),
      topicsBelowTriggerMinimum: c.topics.filter((t) => t.subject === s && t.triggers.length < TRIGGER_MINIMUM).length,
      integrated_sets: c.integratedSets.filter((x) => x.subject === s).length,
    };
  }
  const integrated_items = { choice: 0, "multi-select": 0, "short-answer": 0, "medium-answer": 0 };
  for (const set of c.integratedSets)
    for (const it of set.items) {
      if (it.type === "choice") integrated_items[Array.isArray(it.answer) ? "multi-select" : "choice"]++;
      else integrated_items[it.type]++;
    }
  const performance_task_kinds: Record<string, number> = {};
  for (const t of c.performanceTasks) performance_task_kinds[t.kind] = (performance_task_kinds[t.kind] ?? 0) + 1;
  return {
    subjects,
    totals: {
      topics: c.topics.length,
      briefs: c.briefs.length,
      decks: c.decks.length,
      cards: c.decks.reduce((n, d) => n + d.cards.length, 0),
      questions: c.questionSets.reduce((n, q) => n + q.questions.length, 0),
      multi_select: c.questionSets.reduce((n, q) => n + multiSelectCount(q), 0),
      templates: c.templates.length,
      demoFlashcards: c.demoFlashcards.length,
      integrated_sets: c.integratedSets.length,
      performance_tasks: c.performanceTasks.length,
    },
    integrated_items,
    performance_task_kinds,
  };
}

/**
 * Trigger facts every topic must carry (issue 13 §1: the situations, in students' words, where the
 * doctrine comes up; retrieval's nearest-neighbour issue spotting votes with them, decision 053).
 * Enforced since every official topic has them (all 267 topics, content of November 2026).
 */
export const TRIGGER_MINIMUM = 3;

/** A problem for each topic with fewer than TRIGGER_MINIMUM trigger facts (`content:check` fails on them). */
export function checkTriggers(c: Corpus): ContentProblem[] {
  return c.topics
    .filter((t) => t.triggers.length < TRIGGER_MINIMUM)
    .map((t) => ({
      file: `topic ${t.id}`,
      field: "triggers",
      reason: `has ${t.triggers.length} trigger fact(s), needs at least ${TRIGGER_MINIMUM}`,
    }));
}

/** Problems for every per-subject or total minimum that is not met. */
export function checkMinimums(counts: ContentCounts): ContentProblem[] {
  const out: ContentProblem[] = [];
  for (const [s, n] of Object.entries(counts.subjects)) {
    for (const k of Object.keys(MINIMUMS) as (keyof typeof MINIMUMS)[]) {
      if (n[k] < MINIMUMS[k]) out.push({ file: s, field: k, reason: `has ${n[k]}, needs at least ${MINIMUMS[k]}` });
    }
  }
  for (const k of Object.keys(TOTAL_MINIMUMS) as (keyof typeof TOTAL_MINIMUMS)[]) {
    if (counts.totals[k] < TOTAL_MINIMUMS[k])
      out.push({ file: "(all)", field: k, reason: `has ${counts.totals[k]}, needs at least ${TOTAL_MINIMUMS[k]}` });
  }
  return out;
}
