/**
 * Study mode's wire shapes, shared by server and web (DESIGN.md §5 `GET /api/study/queue`,
 * `POST /api/study/reviews`; the study overview). Instants are ISO strings in UTC; `preview`
 * values are ms since the epoch (UTC).
 */

export const RATINGS = ["again", "hard", "good", "easy"] as const;
export type RatingName = (typeof RATINGS)[number];
/** FSRS card states, in ts-fsrs's numeric order (State.New = 0 … State.Relearning = 3). */
export const STATE_NAMES = ["new", "learning", "review", "relearning"] as const;
export type StateName = (typeof STATE_NAMES)[number];
export type ItemKind = "card" | "question";

/** One item of the study queue: a flashcard, or a missed bank question due again. */
export interface QueueItem {
  id: string;
  kind: ItemKind;
  question: string;
  answer: string;
  deckId: string | null;
  subjectId: string | null;
  topicId: string | null;
  tags: string[];
  isOfficial: boolean;
  state: StateName;
  due: string | null;
  /** Bank questions: the four choices, the correct key and its explanation. */
  choices?: Record<string, string>;
  correctChoice?: string;
  explanations?: Record<string, string>;
  /** Next due instant (ms since epoch, UTC) for each rating. */
  preview: Record<RatingName, number>;
}

/** One deck on the study home: its counts for today and whether the plan locks it. */
export interface DeckOverview {
  id: string;
  title: string;
  description: string;
  subjectId: string | null;
  topicId: string | null;
  isOfficial: boolean;
  isFree: boolean;
  locked: boolean;
  total: number;
  new: number;
  due: number;
  learning: number;
}
