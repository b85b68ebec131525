/** Study mode's client: types of the /api/study, /api/quizzes and /api/question-bank answers. */
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { ResponseOf } from "../../../contract/route";
import type { DeckOverview, decksApi, QueueItem, quizApi, RatingName, studyApi } from "../../../contract/study";
import type { studyPlanApi } from "../../../contract/study-plan";
import { ApiError, api } from "../../lib/api";

export type { DeckOverview, RatingName };
/** A queue item as the study session holds it. */
export type QueueCard = QueueItem;

export type Difficulty = "foundational" | "intermediate" | "advanced";

export type Queue = ResponseOf<typeof studyApi.queue>;
/** A rating's answer (`POST /api/study/reviews`) and a stale rating's `details.schedule`. */
export type Schedule = ResponseOf<typeof studyApi.review>;
export type StudySettings = ResponseOf<typeof studyApi.getSettings>["settings"];
export type Overview = ResponseOf<typeof studyApi.overview>;
export type DeckDetail = ResponseOf<typeof decksApi.get>;
export type DeckCard = DeckDetail["cards"][number];

export const SUBJECT_NAMES: Record<string, string> = {
  "civil-procedure": "Civil Procedure",
  "constitutional-law": "Constitutional Law",
  contracts: "Contracts",
  "criminal-law": "Criminal Law",
  evidence: "Evidence",
  "real-property": "Real Property",
  torts: "Torts",
  "business-associations": "Business Associations",
  "professional-responsibility": "Professional Responsibility",
};
export const subjectName = (id: string | null | undefined) => (id ? (SUBJECT_NAMES[id] ?? id) : "General");

export const overviewQuery = queryOptions({
  queryKey: ["study", "overview"],
  queryFn: () => api<Overview>("/api/study/overview"),
  staleTime: 0,
});
export const settingsQuery = queryOptions({
  queryKey: ["study", "settings"],
  queryFn: () => api<{ settings: StudySettings; saved: boolean }>("/api/study/settings"),
  staleTime: 0,
});
/** The study plan to exam day (decision 080). */
export type ExamSettings = NonNullable<ResponseOf<typeof studyPlanApi.getExam>["exam"]>;
export type PlanAnswer = ResponseOf<typeof studyPlanApi.plan>;
export type Plan = NonNullable<PlanAnswer["plan"]>;
export type PlanDay = Plan["days"][number];
export type Peers = ResponseOf<typeof studyPlanApi.peers>;
export const planQuery = queryOptions({
  queryKey: ["study", "plan"],
  queryFn: () => api<PlanAnswer>("/api/study/plan"),
  staleTime: 0,
});
export const peersQuery = queryOptions({
  queryKey: ["study", "peers"],
  queryFn: () => api<Peers>("/api/study/peers"),
  staleTime: 60_000,
});

export const deckQuery = (id: string) =>
  queryOptions({
    queryKey: ["study", "deck", id],
    queryFn: () => api<DeckDetail>(`/api/study/decks/${id}`),
    staleTime: 0,
  });

/**
 * Rates a card or missed question (`POST /api/study/reviews`); resolves to its new schedule.
 * `expectedDue` is the item's `due` as the session holds it (queue item or previous answer),
 * `null` for a new card: if another tab or window rated the item since, the server refuses with
 * `ApiError` 409 CONFLICT and `details.schedule` = the current schedule (see `staleSchedule`).
 */
export const rateCard = (
  cardId: string,
  rating: RatingName,
  opts: { kind?: "card" | "question"; cram?: boolean; durationMs?: number; expectedDue?: string | null } = {},
) =>
  api<Schedule>("/api/study/reviews", {
    body: {
      cardId,
      rating,
      kind: opts.kind,
      mode: opts.cram ? "cram" : "normal",
      durationMs: opts.durationMs,
      expectedDue: opts.expectedDue,
    },
  });

/**
 * For a rating refused because the item was already rated elsewhere (409 CONFLICT, decision 043):
 * `{schedule}` with the item's current schedule (`null` when it has none). `undefined` for any
 * other error.
 */
export function staleSchedule(e: unknown): { schedule: Schedule | null } | undefined {
  if (!(e instanceof ApiError) || e.status !== 409 || e.code !== "CONFLICT") return undefined;
  return { schedule: (e.details as { schedule?: Schedule | null } | undefined)?.schedule ?? null };
}

/** Query string of a study selection (decks, subjects, tags). */
export function selectionQuery(sel: { decks?: string[]; subjects?: string[]; tags?: string[] }) {
  const p = new URLSearchParams();
  if (sel.decks?.length) p.set("decks", sel.decks.join(","));
  if (sel.subjects?.length) p.set("subjects", sel.subjects.join(","));
  if (sel.tags?.length) p.set("tags", sel.tags.join(","));
  return p;
}

/** Quiz types. */
export type QuizView = ResponseOf<typeof quizApi.get>;
export type QuizItem = QuizView["items"][number];
export type QuizResults = ResponseOf<typeof quizApi.results>;
export type Breakdown = QuizResults["results"]["bySubject"][number];

/**
 * The study day rolls over at midnight in the student's time zone (settings.timeZone, UTC until
 * saved). While the student has never saved study settings, save the browser's zone once, so the
 * day boundary, "new today" and the statistics follow local midnight without a visit to Settings.
 */
export function useStudyTimeZone() {
  const qc = useQueryClient();
  const { data } = useQuery(settingsQuery);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const needed = !!data && !data.saved && !!zone && zone !== data.settings.timeZone;
  useEffect(() => {
    if (!needed) return;
    api("/api/study/settings", { method: "PUT", body: { timeZone: zone } })
      .then(() => qc.invalidateQueries({ queryKey: ["study"] }))
      .catch(() => undefined); // an unknown zone keeps UTC; Settings shows it
  }, [needed, zone, qc]);
}
