/**
 * Schemas of the official content files in `content/` (issue 3, SPEC.md §3).
 *
 * Every file is YAML, one file per topic, brief, deck, question set or template.
 * Ids are stable kebab-case strings: changing a file updates its row on the next boot,
 * removing a file retires its row (see `src/server/content/seed.ts`).
 */
import { z } from "zod";

/** The seven MBE subjects, by stable id. */
export const SUBJECT_IDS = [
  "civil-procedure",
  "constitutional-law",
  "contracts",
  "criminal-law",
  "evidence",
  "real-property",
  "torts",
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

const CHOICE_KEYS = ["A", "B", "C", "D"] as const;
export const questionSchema = z.object({
  id,
  topic: id,
  difficulty: z.enum(DIFFICULTIES),
  /** The fact pattern. */
  stem: text,
  /** The call of the question. */
  call: text,
  choices: z.object({ A: text, B: text, C: text, D: text }).strict(),
  answer: z.enum(CHOICE_KEYS),
  /** Why each choice is right or wrong. */
  explanations: z.object({ A: text, B: text, C: text, D: text }).strict(),
  tags: z.array(text).default([]),
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
