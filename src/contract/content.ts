/**
 * Schemas of the official content files in `content/` (issue 3, SPEC.md §3).
 *
 * Every file is YAML, one file per topic, brief, deck, question set or template.
 * Ids are stable kebab-case strings: changing a file updates its row on the next boot,
 * removing a file retires its row (see `src/server/content/seed.ts`).
 * Below the file schemas: the read-only content API (`contentApi`, decision 047).
 */
import { z } from "zod";
import { checkChoiceItem, SKILL_IDS } from "./choice-item";
import { defineRoute } from "./route";

/**
 * The subjects, by stable id: the seven MBE subjects, then Business Associations and Professional
 * Responsibility (NextGen foundational area and the Model Rules it tests; issue 18 §1).
 */
export const SUBJECT_IDS = [
  "civil-procedure",
  "constitutional-law",
  "contracts",
  "criminal-law",
  "evidence",
  "real-property",
  "torts",
  "business-associations",
  "professional-responsibility",
] as const;
export type SubjectId = (typeof SUBJECT_IDS)[number];

export const DIFFICULTIES = ["foundational", "intermediate", "advanced"] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

const id = z
  .string()
  .min(2)
  .max(120)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "must be kebab-case: lower-case letters, digits and single hyphens");
const text = z.string().trim().min(1, "must not be empty");
const textList = z.array(text);

/** A reporter abbreviation: starts with a capital, has a period before any digit ("U.S.", "F.3d", "Cal. 2d", "H. & C."). */
const REPORTER = String.raw`(?=[^\d]*\.)[A-Z][A-Za-z0-9.'& ]*[A-Za-z.']`;
/** A four-digit year from 1500 to 2099, as English citations print it. */
const CITE_YEAR = String.raw`(?:1[5-9]\d{2}|20\d{2})`;
/**
 * English reports whose volumes restart every year, so a citation without "[year]" names no volume:
 * "2 K.B. 740" is a squeezed "[1903] 2 K.B. 740". ("Q.B." and "Ch." also had nominate series with
 * running volume numbers, e.g. "7 Q.B. 742" (1845), so they cannot be refused this way.)
 */
const YEAR_VOLUMED = String.raw`(?:A\.C\.|K\.B\.|W\.L\.R\.|All E\.R\.)`;
/** The courts of the United Kingdom's neutral citations (BAILII assigns them to older cases too). */
const NEUTRAL_COURT = "(?:UKHL|UKPC|UKSC|EWCA (?:Civ|Crim)|EWHC)";

/**
 * A reporter citation, one primary citation without pin cite or parallel citation. Accepts:
 * - American form, volume + reporter + first page: "326 U.S. 310", "162 N.E. 99", "84 F.3d 1004",
 *   "24 Cal. 2d 453", "717 F. App'x 468"; also the English Reports reprint, "156 Eng. Rep. 145",
 *   and English nominate reports, "9 Ex. 341", "2 H. & C. 906", optionally led by the year in
 *   round brackets as English lawyers write it: "(1854) 9 Exch. 341".
 * - English Law Reports since 1891, where the year in square brackets identifies the volume:
 *   "[1893] 1 Q.B. 256", "[1961] A.C. 388", "[1932] A.C. 562".
 * - English Law Reports 1865–1875: "L.R. 3 H.L. 330", with the year either before in round
 *   brackets, "(1868) L.R. 3 H.L. 330", or after, "L.R. 3 H.L. 330 (1868)".
 * - United Kingdom neutral citations: "[1868] UKHL 1", "[2002] EWCA Civ 1407", "[2005] EWHC 123 (QB)".
 * Reporter abbreviations keep their periods ("A.C.", not "AC"), which is what tells a reporter from
 * noise, and "A.C.", "K.B.", "W.L.R." and "All E.R." must carry their bracketed year.
 * Source of the forms: The Bluebook R. 10 and table T2 (United Kingdom); OSCOLA §2.2.
 */
export const CITATION_PATTERN = new RegExp(
  [
    String.raw`(?:\(${CITE_YEAR}\) )?(?!\d+ ${YEAR_VOLUMED} )\d{1,4} ${REPORTER} \d{1,5}`,
    String.raw`\[${CITE_YEAR}\] (?:\d{1,2} )?${REPORTER} \d{1,5}`,
    String.raw`(?:\(${CITE_YEAR}\) )?L\.R\. \d{1,2} ${REPORTER} \d{1,5}`,
    String.raw`L\.R\. \d{1,2} ${REPORTER} \d{1,5} \(${CITE_YEAR}\)`,
    String.raw`\[${CITE_YEAR}\] ${NEUTRAL_COURT} \d{1,5}(?: \((?:QB|KB|Ch|Fam|Admin|Comm|TCC|Pat)\))?`,
  ]
    .map((form) => `^${form}$`)
    .join("|"),
);

export const subjectSchema = z.object({
  id: z.enum(SUBJECT_IDS),
  name: text,
  shortName: text,
  description: text,
  order: z.number().int().min(1),
});

export const topicSchema = z.object({
  id,
  subject: z.enum(SUBJECT_IDS),
  title: text,
  /** One or two sentences: what the doctrine is about. */
  summary: text,
  /** The rule statement, written the way a bar answer states it. */
  rule: text,
  elements: textList.min(1, "list at least one element or factor"),
  /** Exceptions and defenses. */
  exceptions: textList.default([]),
  /** Majority / minority (or common-law / modern / federal) positions where they matter. */
  positions: z.array(z.object({ view: text, rule: text })).default([]),
  /** Governing provisions: "FRE 801(d)(2)", "FRCP 12(b)(6)", "UCC § 2-207", "U.S. Const. amend. XIV", "28 U.S.C. § 1332". */
  provisions: textList.default([]),
  /** Ids of case briefs that teach this doctrine. */
  cases: z.array(id).default([]),
  traps: textList.min(1, "list at least one common exam trap"),
  related: z.array(id).default([]),
  /**
   * Trigger facts (issue 13 §1): situations, in the words a student would use, where this doctrine
   * comes up on an exam ("the store detective held her in the back room for two hours"). Used by
   * the companion to get from a student's facts to the doctrine; never shown as law.
   */
  triggers: z.array(text.max(300, "a trigger fact has at most 300 characters")).max(40).default([]),
});

export const briefSchema = z.object({
  id,
  name: text,
  citation: text.regex(CITATION_PATTERN, "must be a reporter citation such as '326 U.S. 310' or '[1961] A.C. 388'"),
  court: text,
  year: z.number().int().min(1600).max(2100),
  subject: z.enum(SUBJECT_IDS),
  topics: z.array(id).min(1),
  facts: text,
  proceduralHistory: text,
  issue: text,
  rule: text,
  holding: text,
  reasoning: text,
  separateOpinions: text.optional(),
  takeaways: textList.min(1),
  /** Path of the opinion's text under ../shared/data, when the case is there. */
  source: text.optional(),
});

export const cardSchema = z.object({
  id,
  question: text,
  answer: text,
  difficulty: z.enum(DIFFICULTIES),
  tags: z.array(text).default([]),
});

export const deckSchema = z.object({
  id,
  subject: z.enum(SUBJECT_IDS),
  topic: id,
  title: text,
  description: text,
  /** Free sample deck (visible to Free users); every other official deck is premium. */
  free: z.boolean().default(false),
  cards: z.array(cardSchema).min(1),
});

const CHOICE_KEYS = ["A", "B", "C", "D", "E", "F"] as const;
const choiceTexts = z.partialRecord(z.enum(CHOICE_KEYS), text);
/**
 * A practice question: the classic MBE item (four choices, one letter) or a NextGen multi-select
 * item (4–6 choices A–F, `answer` a list such as `[B, E]`; decision 076). The rules shared with
 * integrated sets' choice items are `checkChoiceItem`'s (nextgen-content.ts).
 */
export const questionSchema = z
  .object({
    id,
    topic: id,
    difficulty: z.enum(DIFFICULTIES),
    /** The fact pattern. */
    stem: text,
    /** The call of the question ("Which TWO…" for a multi-select item). */
    call: text,
    choices: choiceTexts,
    /** One letter, or a list of two or more letters for a multi-select item. */
    answer: z.union([z.enum(CHOICE_KEYS), z.array(z.enum(CHOICE_KEYS)).min(2).max(5)]),
    /** Why each choice is right or wrong. */
    explanations: choiceTexts,
    tags: z.array(text).default([]),
    /** NextGen skill categories (SKILL_IDS in nextgen-content.ts); exam mode counts issue spotting when absent. */
    skills: z.array(z.enum(SKILL_IDS)).min(1).optional(),
  })
  .superRefine(checkChoiceItem);

/** "single" (one keyed letter) or "multi_select" (a list of letters, "select two"). */
export const QUESTION_FORMATS = ["single", "multi_select"] as const;
export type QuestionFormat = (typeof QUESTION_FORMATS)[number];

/**
 * The letters of a stored answer or selection. The database keeps one text per answer: a single
 * letter ("C") or the letters of a multi-select key or selection joined by commas in alphabetical
 * order ("B,E"), so every pre-NextGen row and client reads unchanged (decision 078).
 */
export function answerLetters(stored: string | readonly string[]): string[] {
  const list = typeof stored === "string" ? stored.split(",") : [...stored];
  return [...new Set(list.map((l) => l.trim().toUpperCase()).filter(Boolean))].sort();
}
/** The stored text of an answer or selection: "C", or "B,E" (sorted, comma-joined). */
export const storedAnswer = (letters: string | readonly string[]): string => answerLetters(letters).join(",");
/** The API's view of a stored key: `answer` (the stored text), `answers` (its letters) and `format`. */
export function answerFields(stored: string): { answer: string; answers: string[]; format: QuestionFormat } {
  const answers = answerLetters(stored);
  return { answer: stored, answers, format: answers.length > 1 ? "multi_select" : "single" };
}

/**
 * An official practice question as the API answers it (the question bank, GET /api/questions;
 * the admin's questions table adds its own columns to it). `answer` is one letter ("C") or, for a
 * multi-select item, the keyed letters joined by commas ("B,E"); `answers` lists them.
 */
export const officialQuestionRow = z.object({
  id: z.string(),
  setId: z.string(),
  subjectId: z.string(),
  topicId: z.string(),
  difficulty: z.string(),
  stem: z.string(),
  call: z.string(),
  choices: z.record(z.string(), z.string()),
  answer: z.string().describe('one letter, or the keyed letters of a multi-select item joined by commas ("B,E")'),
  answers: z.array(z.string()).describe("the keyed letters (one for a single-answer item)"),
  format: z.enum(QUESTION_FORMATS),
  explanations: z.record(z.string(), z.string()),
  tags: z.array(z.string()),
  skills: z.array(z.string()),
});

export const questionSetSchema = z.object({
  id,
  subject: z.enum(SUBJECT_IDS),
  title: text,
  questions: z.array(questionSchema).min(1),
});

export const templateSchema = z.object({
  id,
  title: text,
  description: text,
  /** Markdown body; converted to sanitized HTML for the editor. */
  body: text,
});

export const demoFlashcardSchema = z.object({
  id,
  question: text,
  answer: text,
  subject: text,
  difficulty: z.enum(DIFFICULTIES),
  isPremium: z.boolean(),
  tags: z.array(text),
});

export type Subject = z.infer<typeof subjectSchema>;
export type Topic = z.infer<typeof topicSchema>;
export type Brief = z.infer<typeof briefSchema>;
export type Card = z.infer<typeof cardSchema>;
export type Deck = z.infer<typeof deckSchema>;
export type Question = z.infer<typeof questionSchema>;
export type QuestionSet = z.infer<typeof questionSetSchema>;
export type NoteTemplate = z.infer<typeof templateSchema>;
export type DemoFlashcard = z.infer<typeof demoFlashcardSchema>;

/* ---------- API: read-only official content (issue 3 §8, decision 047) ---------- */

const count = z.number().int();
/** A case brief in a list: citation, court and year are null only for student briefs. */
export const briefSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  citation: z.string().nullable(),
  court: z.string().nullable(),
  year: z.number().int().nullable(),
  subjectId: z.string().nullable(),
  topicIds: z.array(z.string()),
});
const topicRef = z.object({ id: z.string(), title: z.string() });
const topicLink = topicRef.extend({ subjectId: z.string() });

export const contentQuery = z.object({
  subject: z.enum(SUBJECT_IDS).optional(),
  topic: z.string().max(120).optional(),
  q: z.string().max(200).optional(),
});

const content = ["content"];
export const contentApi = {
  subjects: defineRoute({
    method: "get",
    path: "/api/subjects",
    summary: "The subjects with counts of topics, briefs, cards and questions.",
    tags: content,
    auth: "public",
    responses: {
      200: z.object({
        subjects: z.array(
          z.object({
            id: z.string(),
            name: z.string(),
            shortName: z.string(),
            description: z.string(),
            counts: z.object({ topics: count, briefs: count, cards: count, questions: count }),
          }),
        ),
      }),
    },
  }),
  subject: defineRoute({
    method: "get",
    path: "/api/subjects/:id",
    summary: "A subject with its topics and case briefs.",
    tags: content,
    auth: "public",
    responses: {
      200: z.object({
        subject: z.object({ id: z.string(), name: z.string(), shortName: z.string(), description: z.string() }),
        topics: z.array(z.object({ id: z.string(), title: z.string(), summary: z.string() })),
        briefs: z.array(briefSummarySchema),
      }),
    },
    errors: ["NOT_FOUND"],
  }),
  topic: defineRoute({
    method: "get",
    path: "/api/topics/:id",
    summary: "A topic (doctrine) with its cases and related topics; a retired topic still opens by id (`retired`).",
    tags: content,
    auth: "public",
    responses: {
      200: z.object({
        topic: z.object({
          id: z.string(),
          subject: z.object({ id: z.string(), name: z.string() }),
          title: z.string(),
          summary: z.string(),
          rule: z.string(),
          elements: z.array(z.string()),
          exceptions: z.array(z.string()),
          positions: z.array(z.object({ view: z.string(), rule: z.string() })),
          provisions: z.array(z.string()),
          cases: z.array(z.string()),
          traps: z.array(z.string()),
          related: z.array(z.string()),
          retired: z.boolean(),
        }),
        cases: z.array(briefSummarySchema),
        related: z.array(topicLink),
      }),
    },
    errors: ["NOT_FOUND"],
  }),
  briefs: defineRoute({
    method: "get",
    path: "/api/briefs",
    summary: "Official case briefs filtered by subject, topic and name.",
    tags: content,
    auth: "public",
    query: contentQuery,
    responses: { 200: z.object({ briefs: z.array(briefSummarySchema) }) },
  }),
  brief: defineRoute({
    method: "get",
    path: "/api/briefs/:id",
    summary: "One official case brief; a retired brief still opens by id (`retired`).",
    tags: content,
    auth: "public",
    responses: {
      200: z.object({
        brief: briefSummarySchema.omit({ topicIds: true }).extend({
          topics: z.array(topicRef),
          facts: z.string(),
          proceduralHistory: z.string(),
          issue: z.string(),
          rule: z.string(),
          holding: z.string(),
          reasoning: z.string(),
          separateOpinions: z.string().nullable(),
          takeaways: z.array(z.string()),
          source: z.string().nullable().describe("path of the opinion's text in the case-law data, when there"),
          isOfficial: z.literal(true),
          retired: z.boolean(),
        }),
      }),
    },
    errors: ["NOT_FOUND"],
  }),
  decks: defineRoute({
    method: "get",
    path: "/api/decks",
    summary: "Official flashcard decks with card counts.",
    tags: content,
    auth: "public",
    query: contentQuery,
    responses: {
      200: z.object({
        decks: z.array(
          z.object({
            id: z.string(),
            title: z.string(),
            description: z.string(),
            subjectId: z.string().nullable(),
            topicId: z.string().nullable(),
            isFree: z.boolean(),
            cards: count,
          }),
        ),
      }),
    },
  }),
  deck: defineRoute({
    method: "get",
    path: "/api/decks/:id",
    summary:
      "An official deck with its cards; a premium deck's cards need Unlimited or Trial (403 UPGRADE_REQUIRED, details.feature = flashcards).",
    tags: content,
    auth: "public",
    responses: {
      200: z.object({
        deck: z.object({
          id: z.string(),
          title: z.string(),
          description: z.string(),
          subjectId: z.string().nullable(),
          topicId: z.string().nullable(),
          isFree: z.boolean(),
          isPremium: z.boolean(),
        }),
        cards: z.array(
          z.object({
            id: z.string(),
            question: z.string(),
            answer: z.string(),
            difficulty: z.string(),
            tags: z.array(z.string()),
            subjectId: z.string().nullable(),
            topicId: z.string().nullable(),
          }),
        ),
      }),
    },
    errors: ["NOT_FOUND", "UPGRADE_REQUIRED"],
  }),
  questions: defineRoute({
    method: "get",
    path: "/api/questions",
    summary:
      "Official practice questions by subject and topic, with answers and explanations (the question bank: Unlimited or Trial).",
    tags: content,
    query: contentQuery,
    responses: {
      200: z.object({
        questions: z.array(officialQuestionRow.extend({ position: z.number().int() })),
      }),
    },
  }),
  templates: defineRoute({
    method: "get",
    path: "/api/templates",
    summary: "Official note templates (sanitized HTML).",
    tags: content,
    auth: "public",
    responses: {
      200: z.object({
        templates: z.array(z.object({ id: z.string(), title: z.string(), description: z.string(), html: z.string() })),
      }),
    },
  }),
  demoFlashcards: defineRoute({
    method: "get",
    path: "/api/demo-flashcards",
    summary: "The 8 demo flashcards of the landing page (SPEC.md §2.2).",
    tags: content,
    auth: "public",
    responses: {
      200: z.object({
        cards: z.array(
          z.object({
            id: z.string(),
            question: z.string(),
            answer: z.string(),
            subject: z.string(),
            difficulty: z.string(),
            isPremium: z.boolean(),
            tags: z.array(z.string()),
          }),
        ),
      }),
    },
  }),
  provisions: defineRoute({
    method: "get",
    path: "/api/provisions",
    summary: "Governing provisions cited by the official topics (rules, sections, amendments), grouped by body of law.",
    tags: content,
    auth: "public",
    responses: {
      200: z.object({
        families: z.array(
          z.object({
            family: z.string(),
            provisions: z.array(
              z.object({ id: z.string(), label: z.string(), topics: count.describe("topics citing it") }),
            ),
          }),
        ),
      }),
    },
  }),
  provision: defineRoute({
    method: "get",
    path: "/api/provisions/:id",
    summary:
      "One governing provision (e.g. fre-803, ucc-2-207, const-amend-14) and the topics that rely on each of its sub-provisions. Lexmate does not reproduce the provision's text. 404 when no topic cites it.",
    tags: content,
    auth: "public",
    responses: {
      200: z.object({
        provision: z.object({ id: z.string(), label: z.string(), family: z.string() }),
        cites: z.array(z.object({ cite: z.string(), topics: z.array(topicLink) })),
      }),
    },
    errors: ["NOT_FOUND"],
  }),
};
