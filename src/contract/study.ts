/**
 * Study mode's contract (issue 6, decision 047): decks and cards, the FSRS study queue and ratings
 * (DESIGN.md §5 `GET /api/study/queue`, `POST /api/study/reviews`), settings, overview, statistics,
 * card drafts, quizzes and the question bank. Instants are ISO strings in UTC; `preview` values
 * are ms since the epoch (UTC); dates of statistics are local `YYYY-MM-DD` days of the student's
 * time zone.
 */
import { z } from "zod";
import { isTimeZone, NEW_PER_DAY_MAX, QUIZ_MAX, QUIZ_MIN, RETENTION_RANGE, REVIEWS_PER_DAY_MAX } from "../domain/study";
import { DIFFICULTIES, QUESTION_FORMATS, SUBJECT_IDS } from "./content";
import { defineRoute } from "./route";

export const RATINGS = ["again", "hard", "good", "easy"] as const;
export type RatingName = (typeof RATINGS)[number];
/** FSRS card states, in ts-fsrs's numeric order (State.New = 0 … State.Relearning = 3). */
export const STATE_NAMES = ["new", "learning", "review", "relearning"] as const;
export type StateName = (typeof STATE_NAMES)[number];
export const ITEM_KINDS = ["card", "question"] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

const iso = z.string().describe("ISO 8601 instant, UTC");
const choiceKey = z.enum(["A", "B", "C", "D", "E", "F"]);
const choiceMap = z.record(z.string(), z.string()).describe("choice key (A–F) → text");
/**
 * A multi-select answer: the letters chosen (decision 078). Stored and echoed in `choice` as the
 * sorted letters joined by commas ("B,E"); `choice` alone still answers a single-answer item.
 */
const selection = z.array(choiceKey).min(1).max(6);
const format = z.enum(QUESTION_FORMATS);
const select = z.number().int().describe("how many choices the item asks for: 1, or 2+ for a multi-select item");
const difficulty = z.enum(DIFFICULTIES);
const stateName = z.enum(STATE_NAMES);
const kind = z.enum(ITEM_KINDS);
const preview = z
  .object({ again: z.number(), hard: z.number(), good: z.number(), easy: z.number() })
  .describe("next due instant for each rating, ms since the epoch (UTC)");
/** A 204 answer: no body. */
const noContent = { contentType: "text/plain", description: "No Content: empty body" } as const;

/* ---------- shapes ---------- */

/** One item of the study queue: a flashcard, or a missed bank question due again. */
export const queueItemSchema = z.object({
  id: z.string(),
  kind,
  question: z.string(),
  answer: z.string(),
  deckId: z.string().nullable(),
  subjectId: z.string().nullable(),
  topicId: z.string().nullable(),
  tags: z.array(z.string()),
  isOfficial: z.boolean(),
  state: stateName,
  due: iso.nullable(),
  /** Bank questions: the four choices, the correct key and its explanation. */
  choices: choiceMap.optional(),
  correctChoice: z.string().optional(),
  explanations: choiceMap.optional(),
  preview,
});
export type QueueItem = z.infer<typeof queueItemSchema>;

/** One deck on the study home: its counts for today and whether the plan locks it. */
export const deckOverviewSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  subjectId: z.string().nullable(),
  topicId: z.string().nullable(),
  isOfficial: z.boolean(),
  isFree: z.boolean(),
  locked: z.boolean(),
  total: z.number().int(),
  new: z.number().int(),
  due: z.number().int(),
  learning: z.number().int(),
});
export type DeckOverview = z.infer<typeof deckOverviewSchema>;

export const studySettingsSchema = z.object({
  desiredRetention: z.number().describe("0.7–0.99"),
  newPerDay: z.number().int(),
  maxReviewsPerDay: z.number().int(),
  timeZone: z.string().describe("IANA time zone"),
});

/** A rating's answer (and a 409's `details.schedule`): the item's schedule, kind and next preview. */
export const scheduleSchema = z.object({
  id: z.string(),
  kind,
  due: iso,
  stability: z.number(),
  difficulty: z.number(),
  reps: z.number().int(),
  lapses: z.number().int(),
  state: stateName,
  preview,
  /** Present (true) on a cram rating: nothing was written. */
  cram: z.literal(true).optional(),
});

const ownDeckSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  subjectId: z.string().nullable(),
  topicId: z.string().nullable(),
});

export const deckCardSchema = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
  subjectId: z.string().nullable(),
  topicId: z.string().nullable(),
  difficulty,
  tags: z.array(z.string()),
  isOfficial: z.boolean(),
  state: stateName,
  due: iso.nullable(),
  reps: z.number().int(),
  lapses: z.number().int(),
});

export const deckDetailSchema = z.object({
  deck: z.object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    subjectId: z.string().nullable(),
    topicId: z.string().nullable(),
    isOfficial: z.boolean(),
    isFree: z.boolean(),
    isPremium: z.boolean(),
    locked: z.boolean().describe("premium deck without the flashcards feature: no cards listed"),
    cardCount: z.number().int(),
    editable: z.boolean(),
  }),
  cards: z.array(deckCardSchema),
});

const quizSource = z.enum(["questions", "flashcards"]);
const quizMode = z.enum(["tutor", "exam"]);

export const quizItemSchema = z.object({
  position: z.number().int(),
  itemId: z.string(),
  prompt: z.string(),
  call: z.string().nullable(),
  choices: choiceMap,
  choice: z.string().nullable().describe('the answer given: one letter, or a multi-select answer\'s letters ("B,E")'),
  selection: z.array(z.string()).describe("the letters chosen (empty when unanswered)"),
  format,
  select,
  flagged: z.boolean(),
  subjectId: z.string().nullable(),
  topicId: z.string().nullable(),
  /** Revealed for answered tutor items and after submission. */
  correctChoice: z.string().optional(),
  answers: z.array(z.string()).optional().describe("the keyed letters"),
  matched: z
    .number()
    .int()
    .optional()
    .describe("keyed letters the student found (all-or-nothing: only a full match scores)"),
  correct: z.boolean().optional(),
  explanations: choiceMap.nullable().optional(),
  answerText: z.string().nullable().optional(),
});

export const quizViewSchema = z.object({
  quiz: z.object({
    id: z.string(),
    source: quizSource,
    mode: quizMode,
    total: z.number().int(),
    currentIndex: z.number().int(),
    startedAt: iso,
    submittedAt: iso.nullable(),
    timeLimitSec: z.number().int().nullable(),
    remainingMs: z.number().nullable().describe("exam time left in ms; null in tutor mode or once submitted"),
    score: z.number().int().nullable(),
    answered: z.number().int(),
  }),
  items: z.array(quizItemSchema),
});

const breakdown = z.object({ id: z.string(), name: z.string(), correct: z.number().int(), total: z.number().int() });
export const quizResultsSchema = quizViewSchema.extend({
  results: z.object({
    score: z.number().int(),
    total: z.number().int(),
    percent: z.number().describe("0–100, rounded"),
    bySubject: z.array(breakdown),
    byTopic: z.array(breakdown),
    missed: z.array(z.string()).describe("item ids answered wrong or not at all"),
  }),
});

const quizCreated = z.object({ id: z.string(), total: z.number().int() });

const draftSchema = z.object({
  question: z.string(),
  answer: z.string(),
  kind: z.enum(["rule", "holding", "facts", "cloze", "elements", "exceptions", "definition", "trap", "llm"]),
  tags: z.array(z.string()),
  subjectId: z.string().nullable(),
  topicId: z.string().nullable(),
  source: z.object({ type: z.enum(["topic", "brief", "note", "text"]), id: z.string().nullable(), title: z.string() }),
});

const accuracy = {
  attempts: z.number().int(),
  correct: z.number().int(),
  accuracy: z.number().nullable().describe("correct / attempts (0–1); null without attempts"),
};

/* ---------- requests ---------- */

const csv = z
  .string()
  .max(4000)
  .optional()
  .transform((v) =>
    v
      ? v
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean)
      : undefined,
  );
export const queueQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  decks: csv,
  subjects: csv,
  tags: csv,
});
export const reviewBody = z.object({
  cardId: z.string().min(1).max(200),
  rating: z.enum(RATINGS),
  kind: kind.optional(),
  mode: z.enum(["normal", "cram"]).default("normal"),
  durationMs: z.number().int().min(0).max(86_400_000).optional(),
  /**
   * The card's `due` as the client last saw it (queue item or previous answer), `null` for a new
   * card: the rating is refused with 409 if another rating changed the schedule since (decision 043).
   */
  expectedDue: z.iso.datetime({ offset: true }).nullable().optional(),
});
export const settingsBody = z
  .object({
    desiredRetention: z.number().min(RETENTION_RANGE[0]).max(RETENTION_RANGE[1]),
    newPerDay: z.number().int().min(0).max(NEW_PER_DAY_MAX),
    maxReviewsPerDay: z.number().int().min(0).max(REVIEWS_PER_DAY_MAX),
    timeZone: z.string().max(64).refine(isTimeZone, "must be an IANA time zone such as America/New_York"),
  })
  .partial();
export const generateBody = z.object({
  sources: z
    .array(
      z.discriminatedUnion("type", [
        z.object({ type: z.literal("topic"), id: z.string().min(1).max(120) }),
        z.object({ type: z.literal("brief"), id: z.string().min(1).max(200) }),
        z.object({ type: z.literal("note"), id: z.uuid("must be a note id") }),
        z.object({
          type: z.literal("text"),
          title: z.string().max(200).default(""),
          text: z.string().min(1, "must not be empty").max(100_000),
        }),
      ]),
    )
    .min(1)
    .max(20),
  useLlm: z.boolean().default(false),
});

const text = (max: number) => z.string().trim().min(1, "must not be empty").max(max);
export const deckBody = z.object({
  title: text(200),
  description: z.string().trim().max(2000).optional(),
  subjectId: z.enum(SUBJECT_IDS).nullable().optional(),
  topicId: z.string().max(120).nullable().optional(),
});
export const cardBody = z.object({
  question: text(10_000),
  answer: text(10_000),
  subjectId: z.enum(SUBJECT_IDS).nullable().optional(),
  topicId: z.string().max(120).nullable().optional(),
  difficulty: difficulty.optional(),
  tags: z.array(text(60)).max(20).optional(),
});
/** An edit of an own card; `deckId` moves it (an empty id is refused, never a move to nowhere). */
export const cardPatch = cardBody
  .partial()
  .extend({ deckId: z.string().min(1, "must not be empty").max(200).optional() });
export const bulkBody = z.object({
  cards: z.array(cardBody).min(1).max(2000),
  source: z.enum(["manual", "generated"]).default("manual"),
});
export const importBody = z.object({
  text: z.string().min(1, "the file is empty").max(5_000_000),
  delimiter: z.enum(["auto", ",", "\t", ";"]).default("auto"),
});
export const exportQuery = z.object({
  format: z.enum(["csv", "tsv"]).default("csv"),
  anki: z.enum(["0", "1"]).optional(),
});

export const quizSetupBody = z.object({
  source: quizSource,
  subjects: z.array(z.enum(SUBJECT_IDS)).max(SUBJECT_IDS.length).optional(),
  topics: z.array(z.string().max(120)).max(200).optional(),
  count: z.number().int().min(QUIZ_MIN).max(QUIZ_MAX),
  difficulty: z.array(difficulty).max(3).optional(),
  filter: z.enum(["all", "unanswered", "missed"]).default("all"),
  /** Only single-answer or only multi-select bank questions; both when absent (questions source only). */
  format: format.optional(),
  mode: quizMode,
});
export const quizItemBody = z.object({
  choice: choiceKey.optional(),
  /** A multi-select item's letters (exactly as many as it asks for); `choice` answers a single-answer item. */
  selection: selection.optional(),
  flagged: z.boolean().optional(),
  currentIndex: z.number().int().min(0).max(QUIZ_MAX).optional(),
});
export const bankQuery = z.object({
  subject: z.enum(SUBJECT_IDS).optional(),
  topic: z.string().max(120).optional(),
  filter: z.enum(["all", "unanswered", "missed", "flagged"]).default("all"),
  format: format.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

/* ---------- routes ---------- */

const study = ["study"];
export const studyApi = {
  queue: defineRoute({
    method: "get",
    path: "/api/study/queue",
    summary:
      "Today's study queue: (re)learning items, due reviews (cards and missed questions), then new cards, within the daily limits.",
    tags: study,
    stable: true,
    query: queueQuery,
    responses: {
      200: z.object({
        cards: z.array(queueItemSchema),
        counts: z.object({
          learning: z.number().int(),
          due: z.number().int(),
          new: z.number().int(),
          reviewedToday: z.number().int(),
          newToday: z.number().int(),
          reviewsToday: z.number().int(),
        }),
        limits: z.object({
          newPerDay: z.number().int(),
          maxReviewsPerDay: z.number().int(),
          newLeft: z.number().int(),
          reviewsLeft: z.number().int(),
        }),
        dayEnd: iso.describe("end of the student's local study day"),
      }),
    },
  }),
  review: defineRoute({
    method: "post",
    path: "/api/study/reviews",
    summary:
      "Rate a card (again|hard|good|easy) with FSRS; returns its new schedule. mode=cram leaves the schedule untouched. Ratings of one card are applied one at a time; one made against a schedule that another rating changed first (expectedDue, or the schedule when the request arrived) is refused with 409 CONFLICT, details.schedule = the current schedule (null if none); nothing saved.",
    tags: study,
    stable: true,
    body: reviewBody,
    responses: { 200: scheduleSchema },
    errors: ["UPGRADE_REQUIRED", "NOT_FOUND", "CONFLICT"],
  }),
  cram: defineRoute({
    method: "get",
    path: "/api/study/cram",
    summary: "Cards to cram, in random order; rating them with mode=cram does not change any schedule.",
    tags: study,
    query: queueQuery,
    responses: { 200: z.object({ cards: z.array(queueItemSchema) }) },
  }),
  getSettings: defineRoute({
    method: "get",
    path: "/api/study/settings",
    summary:
      "Study settings (desired retention 0.7–0.99, default 0.9; new cards per day; maximum reviews per day; time zone) and `saved`: false while the defaults apply (the web client then saves the browser's time zone once).",
    tags: study,
    responses: { 200: z.object({ settings: studySettingsSchema, saved: z.boolean() }) },
  }),
  putSettings: defineRoute({
    method: "put",
    path: "/api/study/settings",
    summary: "Update study settings (any subset).",
    tags: study,
    body: settingsBody,
    responses: { 200: z.object({ settings: studySettingsSchema }) },
  }),
  overview: defineRoute({
    method: "get",
    path: "/api/study/overview",
    summary:
      "Every deck the student can see with total, new and due counts (locked premium decks flagged), plus missed questions due.",
    tags: study,
    responses: {
      200: z.object({
        decks: z.array(deckOverviewSchema),
        questionsDue: z.number().int(),
        today: z.object({ newToday: z.number().int(), reviewsToday: z.number().int(), ratingsToday: z.number().int() }),
        settings: studySettingsSchema,
        access: z.object({ tier: z.string(), officialCards: z.boolean(), questionBank: z.boolean() }),
      }),
    },
  }),
  stats: defineRoute({
    method: "get",
    path: "/api/study/stats",
    summary: "Statistics: due today, reviewed today, true retention, 30-day forecast, review heatmap (local days).",
    tags: study,
    responses: {
      200: z.object({
        dueToday: z.number().int(),
        reviewedToday: z.number().int(),
        newToday: z.number().int(),
        trueRetention: z.object({
          today: z.number().nullable(),
          last7Days: z.number().nullable(),
          last30Days: z.number().nullable(),
          reviews30Days: z.number().int(),
        }),
        desiredRetention: z.number(),
        forecast: z.array(z.object({ date: z.string(), due: z.number().int() })),
        heatmap: z.array(z.object({ date: z.string(), reviews: z.number().int() })),
        states: z.object({
          new: z.number().int(),
          learning: z.number().int(),
          review: z.number().int(),
          relearning: z.number().int(),
        }),
        timeZone: z.string(),
      }),
    },
  }),
  generate: defineRoute({
    method: "post",
    path: "/api/study/generate",
    summary:
      "Draft cards from topics, case briefs (official or own), your saved notes and free text for review before saving; useLlm asks the configured provider.",
    tags: study,
    body: generateBody,
    responses: {
      200: z.object({ drafts: z.array(draftSchema), llm: z.enum(["off", "used", "unavailable"]) }),
    },
    errors: ["NOT_FOUND", "PAYLOAD_TOO_LARGE"],
  }),
};

export const decksApi = {
  create: defineRoute({
    method: "post",
    path: "/api/study/decks",
    summary: "Create an own deck.",
    tags: study,
    body: deckBody,
    responses: { 201: z.object({ deck: ownDeckSchema }) },
  }),
  get: defineRoute({
    method: "get",
    path: "/api/study/decks/:id",
    summary:
      "A deck (own or official) with its cards and each card's schedule; premium decks are `locked` with no cards for Free users.",
    tags: study,
    responses: { 200: deckDetailSchema },
    errors: ["NOT_FOUND"],
  }),
  update: defineRoute({
    method: "patch",
    path: "/api/study/decks/:id",
    summary: "Rename or re-describe an own deck.",
    tags: study,
    body: deckBody.partial(),
    responses: { 200: z.object({ deck: ownDeckSchema }) },
    errors: ["NOT_FOUND"],
  }),
  remove: defineRoute({
    method: "delete",
    path: "/api/study/decks/:id",
    summary: "Delete an own deck and its cards.",
    tags: study,
    responses: { 204: noContent },
    errors: ["NOT_FOUND"],
  }),
  addCard: defineRoute({
    method: "post",
    path: "/api/study/decks/:id/cards",
    summary: "Add a card to an own deck (records flashcard_created).",
    tags: study,
    body: cardBody,
    responses: { 201: z.object({ id: z.string() }) },
    errors: ["NOT_FOUND"],
  }),
  addCards: defineRoute({
    method: "post",
    path: "/api/study/decks/:id/cards/bulk",
    summary: "Add up to 2,000 cards at once (e.g. reviewed drafts); all or nothing.",
    tags: study,
    body: bulkBody,
    responses: { 201: z.object({ ids: z.array(z.string()) }) },
    errors: ["NOT_FOUND", "PAYLOAD_TOO_LARGE"],
  }),
  import: defineRoute({
    method: "post",
    path: "/api/study/decks/:id/import",
    summary:
      "Import a CSV/TSV file (front, back, optional tags; Anki/Quizlet). A bad row answers 400 VALIDATION_FAILED with details.line and nothing is imported; a body over 20 MB is 413.",
    tags: study,
    body: importBody,
    responses: { 201: z.object({ imported: z.number().int() }) },
    errors: ["NOT_FOUND", "PAYLOAD_TOO_LARGE"],
  }),
  export: defineRoute({
    method: "get",
    path: "/api/study/decks/:id/export",
    summary: "Download a deck as CSV or TSV (front, back, tags); anki=1 adds Anki's header lines.",
    tags: study,
    query: exportQuery,
    responses: {
      200: { contentType: "text/csv", description: "the deck as CSV (text/tab-separated-values with format=tsv)" },
    },
    errors: ["NOT_FOUND", "UPGRADE_REQUIRED"],
  }),
  updateCard: defineRoute({
    method: "patch",
    path: "/api/study/cards/:id",
    summary: "Edit an own card; deckId moves it to another own deck.",
    tags: study,
    body: cardPatch,
    responses: {
      200: z.object({
        card: z.object({
          id: z.string(),
          deckId: z.string(),
          question: z.string(),
          answer: z.string(),
          subjectId: z.string().nullable(),
          topicId: z.string().nullable(),
          difficulty: z.string(),
          tags: z.array(z.string()),
        }),
      }),
    },
    errors: ["NOT_FOUND"],
  }),
  removeCard: defineRoute({
    method: "delete",
    path: "/api/study/cards/:id",
    summary: "Delete an own card and its schedule.",
    tags: study,
    responses: { 204: noContent },
    errors: ["NOT_FOUND"],
  }),
};

const quiz = ["quiz"];
const quizGone = ["NOT_FOUND", "UPGRADE_REQUIRED"] as const;
export const quizApi = {
  create: defineRoute({
    method: "post",
    path: "/api/quizzes",
    summary:
      "Start a quiz from the question bank or flashcards (5–100 items; tutor, or exam timed at 1.8 min a question). 400 BAD_REQUEST when nothing matches.",
    tags: quiz,
    body: quizSetupBody,
    responses: { 201: quizCreated },
    errors: ["BAD_REQUEST", "UPGRADE_REQUIRED"],
  }),
  active: defineRoute({
    method: "get",
    path: "/api/quizzes/active",
    summary: "The unfinished quiz to resume, or null.",
    tags: quiz,
    responses: {
      200: z.object({
        quiz: z
          .object({
            id: z.string(),
            source: quizSource,
            mode: quizMode,
            total: z.number().int(),
            answered: z.number().int(),
            currentIndex: z.number().int(),
            startedAt: iso,
          })
          .nullable(),
      }),
    },
  }),
  recent: defineRoute({
    method: "get",
    path: "/api/quizzes",
    summary: "The last 10 quizzes.",
    tags: quiz,
    responses: {
      200: z.object({
        quizzes: z.array(
          z.object({
            id: z.string(),
            source: quizSource,
            mode: quizMode,
            total: z.number().int(),
            score: z.number().int().nullable(),
            startedAt: iso,
            submittedAt: iso.nullable(),
          }),
        ),
      }),
    },
  }),
  get: defineRoute({
    method: "get",
    path: "/api/quizzes/:id",
    summary:
      "A quiz's state: items, choices, answers, flags, remaining time (exam). 403 UPGRADE_REQUIRED for a bank quiz (or one of premium cards) after the plan no longer includes it.",
    tags: quiz,
    responses: { 200: quizViewSchema },
    errors: [...quizGone],
  }),
  answer: defineRoute({
    method: "put",
    path: "/api/quizzes/:id/items/:position",
    summary:
      "Answer, flag or move to an item; saved at once so the quiz resumes here. 409 CONFLICT once submitted or timed out, or for a changed tutor answer.",
    tags: quiz,
    body: quizItemBody,
    responses: { 200: quizViewSchema },
    errors: [...quizGone, "CONFLICT"],
  }),
  submit: defineRoute({
    method: "post",
    path: "/api/quizzes/:id/submit",
    summary: "Submit (idempotent); returns the results.",
    tags: quiz,
    responses: { 200: quizResultsSchema },
    errors: [...quizGone],
  }),
  results: defineRoute({
    method: "get",
    path: "/api/quizzes/:id/results",
    summary: "Score, per-subject and per-topic breakdown, every explanation, missed ids (409 before submission).",
    tags: quiz,
    responses: { 200: quizResultsSchema },
    errors: [...quizGone, "CONFLICT"],
  }),
  retry: defineRoute({
    method: "post",
    path: "/api/quizzes/:id/retry",
    summary: "A new quiz of the missed items of a submitted one.",
    tags: quiz,
    responses: { 201: quizCreated },
    errors: [...quizGone, "BAD_REQUEST", "CONFLICT"],
  }),
};

const bank = ["question bank"];
export const bankApi = {
  list: defineRoute({
    method: "get",
    path: "/api/question-bank",
    summary: "Bank questions with the student's status, filtered by subject, topic and unanswered/missed/flagged.",
    tags: bank,
    query: bankQuery,
    responses: {
      200: z.object({
        total: z.number().int(),
        questions: z.array(
          z.object({
            id: z.string(),
            subjectId: z.string(),
            topicId: z.string(),
            topicTitle: z.string().nullable(),
            difficulty: z.string(),
            stem: z.string(),
            call: z.string(),
            format,
            select,
            attempts: z.number().int(),
            status: z.enum(["unanswered", "correct", "missed"]),
            flagged: z.boolean(),
            due: iso.nullable(),
          }),
        ),
      }),
    },
  }),
  analytics: defineRoute({
    method: "get",
    path: "/api/question-bank/analytics",
    summary: "Accuracy by subject and topic, and weekly by subject over 12 weeks.",
    tags: bank,
    responses: {
      200: z.object({
        questionCount: z.number().int(),
        bySubject: z.array(z.object({ id: z.string(), name: z.string(), questions: z.number().int(), ...accuracy })),
        byTopic: z.array(z.object({ id: z.string(), name: z.string(), subjectId: z.string(), ...accuracy })),
        weekly: z.array(
          z.object({
            weekStart: z.string().describe("YYYY-MM-DD"),
            bySubject: z.record(z.string(), z.object({ attempts: z.number().int(), correct: z.number().int() })),
            ...accuracy,
          }),
        ),
      }),
    },
  }),
  get: defineRoute({
    method: "get",
    path: "/api/question-bank/:id",
    summary: "A question with the student's attempt history (answer and explanations once attempted).",
    tags: bank,
    responses: {
      200: z.object({
        question: z.object({
          id: z.string(),
          subjectId: z.string(),
          topicId: z.string(),
          topicTitle: z.string().nullable(),
          difficulty: z.string(),
          stem: z.string(),
          call: z.string(),
          choices: choiceMap,
          format,
          select,
          skills: z.array(z.string()),
          flagged: z.boolean(),
          answer: z.string().optional(),
          answers: z.array(z.string()).optional(),
          explanations: choiceMap.optional(),
        }),
        attempts: z.array(
          z.object({
            choice: z.string(),
            selection: z.array(z.string()),
            correct: z.boolean(),
            answeredAt: iso,
            quizSessionId: z.string().nullable(),
          }),
        ),
      }),
    },
    errors: ["NOT_FOUND"],
  }),
  attempt: defineRoute({
    method: "post",
    path: "/api/question-bank/:id/attempts",
    summary:
      "Answer a question (`choice` for one letter, `selection` for a multi-select item's letters; scored all-or-nothing); a miss schedules it for review (FSRS, shared daily workload). 400 VALIDATION_FAILED for a letter not offered or the wrong number of letters.",
    tags: bank,
    body: z
      .object({ choice: choiceKey.optional(), selection: selection.optional() })
      .refine((b) => (b.choice === undefined) !== (b.selection === undefined), {
        message: "give either choice (one letter) or selection (a list of letters)",
      }),
    responses: {
      201: z.object({
        correct: z.boolean(),
        answer: z.string(),
        answers: z.array(z.string()),
        matched: z.number().int(),
        required: z.number().int(),
        explanations: choiceMap,
      }),
    },
    errors: ["NOT_FOUND"],
  }),
  flag: defineRoute({
    method: "put",
    path: "/api/question-bank/:id/flag",
    summary: "Flag or unflag a question.",
    tags: bank,
    body: z.object({ flagged: z.boolean() }),
    responses: { 200: z.object({ flagged: z.boolean() }) },
    errors: ["NOT_FOUND"],
  }),
};
