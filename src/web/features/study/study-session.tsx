/**
 * /flashcards/study/session?decks=&subjects=&tags=&cram=1 — one card at a time (issue 6 §2).
 * Space flips (and flips back); 1–4 rate Again/Hard/Good/Easy once the answer shows; the side
 * resets to the question whenever the card changes; each button shows its next interval. Every
 * rating is saved at once, so closing the tab loses nothing. A card rated into a short learning
 * step comes back later in the same session. Cram mode never touches the schedule.
 *
 * Every rating names the schedule it was made against (`expectedDue`, decision 043). When the card
 * was already rated in another tab or window, the server refuses (409): a toast says so and the
 * session moves on; the card comes back later in the session only if its current schedule makes it
 * due within the learn-ahead, like a card rated into a learning step here.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import { ArrowLeft, CheckCircle2, Keyboard, PartyPopper, RotateCcw, Zap } from "lucide-react";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { answerLetters } from "../../../contract/content";
import { formatInterval, LEARN_AHEAD_MS } from "../../../domain/study";
import { buttonClass } from "../../components/ui/button";
import { Badge, Spinner } from "../../components/ui/card";
import { api } from "../../lib/api";
import { toast } from "../../lib/toast";
import {
  type Queue,
  type QueueCard,
  type RatingName,
  rateCard,
  staleSchedule,
  subjectName,
  useStudyTimeZone,
} from "./api";
import { ChoiceList } from "./components/quiz-choices";

const RATINGS: { name: RatingName; label: string; key: string; cls: string }[] = [
  {
    name: "again",
    label: "Again",
    key: "1",
    cls: "border-rose-200 bg-rose-50 text-rose-700 hover:bg-rose-100 dark:border-rose-900 dark:bg-rose-950/40 dark:text-rose-300",
  },
  {
    name: "hard",
    label: "Hard",
    key: "2",
    cls: "border-amber-200 bg-amber-50 text-amber-700 hover:bg-amber-100 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-300",
  },
  {
    name: "good",
    label: "Good",
    key: "3",
    cls: "border-emerald-200 bg-emerald-50 text-emerald-700 hover:bg-emerald-100 dark:border-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-300",
  },
  {
    name: "easy",
    label: "Easy",
    key: "4",
    cls: "border-sky-200 bg-sky-50 text-sky-700 hover:bg-sky-100 dark:border-sky-900 dark:bg-sky-950/40 dark:text-sky-300",
  },
];

const STATE_BADGE: Record<QueueCard["state"], string> = {
  new: "bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-300",
  learning: "bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-300",
  relearning: "bg-rose-100 text-rose-800 dark:bg-rose-900/40 dark:text-rose-300",
  review: "bg-sky-100 text-sky-800 dark:bg-sky-900/40 dark:text-sky-300",
};

/** Puts a card rated into a short step back a few cards later (at the end of a short queue). */
function requeue(rest: QueueCard[], card: QueueCard): QueueCard[] {
  const at = Math.min(rest.length, 3 + Math.floor(rest.length / 4));
  return [...rest.slice(0, at), card, ...rest.slice(at)];
}

/** Due within the learn-ahead: the card belongs to this session again. */
const dueInSession = (due: string) => new Date(due).getTime() <= Date.now() + LEARN_AHEAD_MS;

function Text({ children, className }: { children: string; className?: string }) {
  return <div className={clsx("whitespace-pre-wrap break-words", className)}>{children}</div>;
}

/** The letters a missed question keys: one for an MBE item, several for a multi-select one ("B,E"). */
const keyedLetters = (card: QueueCard) => answerLetters(card.correctChoice ?? "");

/**
 * A missed question's choices. An MBE item is answered by one click, which shows the answer; a
 * multi-select item is answered like in the bank (`ChoiceList`: check exactly as many as it keys,
 * then "Check answer"), and Space still shows the answer without a pick.
 */
function QuestionChoices({
  card,
  flipped,
  picked,
  onPick,
}: {
  card: QueueCard;
  flipped: boolean;
  picked: string[];
  onPick: (letters: string[]) => void;
}) {
  const keyed = keyedLetters(card);
  if (keyed.length > 1)
    return (
      <div className="mt-5 text-left">
        <ChoiceList
          choices={card.choices ?? {}}
          select={keyed.length}
          chosen={picked}
          keyed={flipped ? keyed : undefined}
          onSubmit={onPick}
          submitLabel="Check answer"
        />
      </div>
    );
  return (
    <ol className="mt-5 space-y-2 text-left">
      {Object.entries(card.choices ?? {}).map(([k, v]) => {
        const right = flipped && keyed.includes(k);
        const wrong = flipped && picked.includes(k) && !keyed.includes(k);
        return (
          <li key={k}>
            <button
              type="button"
              disabled={flipped}
              onClick={() => onPick([k])}
              className={clsx(
                "flex w-full gap-3 rounded-xl border px-4 py-3 text-left text-sm transition-colors",
                right
                  ? "border-emerald-400 bg-emerald-50 dark:border-emerald-700 dark:bg-emerald-950/40"
                  : wrong
                    ? "border-rose-400 bg-rose-50 dark:border-rose-700 dark:bg-rose-950/40"
                    : "border-slate-200 hover:border-brand-400 dark:border-slate-700",
              )}
            >
              <span className="font-semibold text-slate-500">{k}</span>
              <span>{v}</span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}

export default function StudySession() {
  useStudyTimeZone();
  const [params] = useSearchParams();
  const cram = params.get("cram") === "1";
  const qs = useMemo(() => {
    const p = new URLSearchParams();
    for (const k of ["decks", "subjects", "tags"]) if (params.get(k)) p.set(k, params.get(k)!);
    p.set("limit", cram ? "100" : "300");
    return p.toString();
  }, [params, cram]);
  const queryClient = useQueryClient();
  const { data, isPending, error } = useQuery({
    queryKey: ["study", cram ? "cram" : "queue", qs],
    queryFn: () => api<Queue | { cards: QueueCard[] }>(`/api/study/${cram ? "cram" : "queue"}?${qs}`),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    gcTime: 0,
  });

  const [queue, setQueue] = useState<QueueCard[] | null>(null);
  // `done`: ratings saved in this session; `turn`: cards shown, whether their rating was saved or refused.
  const [done, setDone] = useState(0);
  const [turn, setTurn] = useState(0);
  // The flipped side belongs to one card at one position: a new card always starts on its question.
  const [flippedKey, setFlippedKey] = useState<string | null>(null);
  const [picked, setPicked] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const shownAt = useRef(Date.now());

  useEffect(() => {
    if (data && queue === null) setQueue(data.cards);
  }, [data, queue]);

  const card = queue?.[0] ?? null;
  const cardKey = card ? `${card.id}-${turn}` : "";
  const flipped = flippedKey === cardKey && !!card;
  const setFlipped = useCallback(
    (v: boolean | ((f: boolean) => boolean)) =>
      setFlippedKey((k) => ((typeof v === "function" ? v(k === cardKey) : v) ? cardKey : null)),
    [cardKey],
  );
  // Flipping resets whenever the card changes (SPEC.md §4); the timer restarts for the new card.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the card's identity and position
  useEffect(() => {
    setPicked([]);
    shownAt.current = Date.now();
    setNow(Date.now());
  }, [cardKey]);

  // A ref, not only state: two key presses in one tick (or a held key) both see `saving` false.
  const savingRef = useRef(false);
  const rate = useCallback(
    async (rating: RatingName) => {
      if (!card || !flipped || savingRef.current) return;
      savingRef.current = true;
      setSaving(true);
      try {
        // Cram ratings change no schedule, so the server does not check them (decision 043).
        const res = await rateCard(card.id, rating, {
          kind: card.kind,
          cram,
          durationMs: Math.min(Date.now() - shownAt.current, 3_600_000),
          expectedDue: cram ? undefined : card.due,
        });
        setQueue((q) => {
          if (!q) return q;
          const rest = q.slice(1);
          const again = cram ? rating === "again" : dueInSession(res.due);
          return again ? requeue(rest, { ...card, state: res.state, due: res.due, preview: res.preview }) : rest;
        });
        setDone((d) => d + 1);
        setTurn((t) => t + 1);
        void queryClient.invalidateQueries({ queryKey: ["study", "overview"] });
      } catch (e) {
        const stale = staleSchedule(e);
        if (!stale) {
          toast.add({ title: "Rating not saved", description: (e as Error).message, variant: "destructive" });
          return;
        }
        // Rated in another tab or window: this rating was not saved. Show the card again only when
        // its current schedule brings it back within this session, rated against that schedule.
        const current = stale.schedule;
        const back = !!current && dueInSession(current.due);
        setQueue((q) => {
          if (!q) return q;
          const rest = q.slice(1);
          return back && current
            ? requeue(rest, { ...card, state: current.state, due: current.due, preview: current.preview })
            : rest;
        });
        setTurn((t) => t + 1);
        toast.add({
          title: "Already rated elsewhere",
          description: `${(e as Error).message}${back ? " It comes back later in this session." : ""}`,
          variant: "warning",
        });
        void queryClient.invalidateQueries({ queryKey: ["study", "overview"] });
      } finally {
        savingRef.current = false;
        setSaving(false);
      }
    },
    [card, flipped, cram, queryClient],
  );

  // The key handler reads the card and side of the last commit. A listener re-added by an effect
  // (useEffect after each card change) let a key pressed between the new card's paint and that
  // effect reach the previous card's handler: Chromium runs input before React's deferred effects,
  // so under load a Space right after the card changed flipped the old card and the new one stayed
  // on its question. A layout effect updates this ref inside the commit, before any later input.
  const keys = useRef({ card, flipped, rate, setFlipped });
  useLayoutEffect(() => {
    keys.current = { card, flipped, rate, setFlipped };
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.isContentEditable)) return;
      if (e.metaKey || e.ctrlKey || e.altKey) return;
      if (e.repeat) {
        // A held key repeats: never flip back and forth or rate the next card with it.
        if (e.code === "Space" || RATINGS.some((x) => x.key === e.key)) e.preventDefault();
        return;
      }
      const now = keys.current;
      if (e.code === "Space" || e.key === " ") {
        e.preventDefault();
        if (now.card) now.setFlipped((f) => !f);
        return;
      }
      const r = RATINGS.find((x) => x.key === e.key);
      if (r && now.flipped) {
        e.preventDefault();
        void now.rate(r.name);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const back = (
    <Link
      to="/flashcards/study"
      className="inline-flex items-center gap-1 text-sm whitespace-nowrap text-slate-500 hover:text-slate-800 dark:hover:text-slate-200"
    >
      <ArrowLeft className="h-4 w-4" /> Study home
    </Link>
  );
  if (isPending || queue === null) {
    if (error)
      return (
        <div className="mx-auto max-w-3xl">
          {back}
          <p role="alert" className="mt-6 text-red-600">
            {(error as Error).message}
          </p>
        </div>
      );
    return (
      <div className="flex justify-center p-16">
        <Spinner className="h-8 w-8 text-brand-700" />
      </div>
    );
  }

  const total = done + queue.length;
  if (!card) {
    return (
      <div className="mx-auto max-w-xl">
        {back}
        <div
          className="mt-10 rounded-3xl border border-slate-200 bg-white p-10 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900"
          data-testid="session-done"
        >
          {done ? (
            <PartyPopper className="mx-auto h-12 w-12 text-brand-600" />
          ) : (
            <CheckCircle2 className="mx-auto h-12 w-12 text-emerald-500" />
          )}
          <h1 className="mt-4 text-2xl font-bold">
            {done ? "Session complete" : cram ? "Nothing to cram" : "Nothing due right now"}
          </h1>
          <p className="mt-2 text-slate-600 dark:text-slate-400">
            {done
              ? `You rated ${done} card${done === 1 ? "" : "s"}. Every rating is saved.`
              : cram
                ? "No cards match this selection."
                : "You've finished today's reviews and new cards for this selection."}
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-2">
            <Link to="/flashcards/study" className={buttonClass("primary")}>
              Back to decks
            </Link>
            {!cram && (
              <Link
                to={`/flashcards/study/session?${new URLSearchParams({ ...Object.fromEntries(params), cram: "1" })}`}
                className={buttonClass("outline")}
              >
                <Zap className="h-4 w-4" /> Cram anyway
              </Link>
            )}
            <Link to="/flashcards/stats" className={buttonClass("ghost")}>
              See statistics
            </Link>
          </div>
        </div>
      </div>
    );
  }

  const counts = {
    fresh: queue.filter((c) => c.state === "new").length,
    learning: queue.filter((c) => c.state === "learning" || c.state === "relearning").length,
    review: queue.filter((c) => c.state === "review").length,
  };
  return (
    <div className="mx-auto flex max-w-3xl flex-col" data-testid="study-session">
      <div className="flex items-center justify-between gap-3">
        {back}
        <div
          className="flex items-center gap-3 text-sm font-semibold tabular-nums"
          role="status"
          aria-label="Remaining"
        >
          {cram && (
            <Badge className="bg-violet-100 text-violet-800 dark:bg-violet-900/40 dark:text-violet-200">
              <Zap className="mr-1 h-3 w-3" /> Cram<span className="hidden sm:inline">&nbsp;· schedule unchanged</span>
            </Badge>
          )}
          <span className="text-emerald-600 dark:text-emerald-400" title="New">
            {counts.fresh}
          </span>
          <span className="text-amber-600 dark:text-amber-400" title="Learning">
            {counts.learning}
          </span>
          <span className="text-sky-600 dark:text-sky-400" title="Review">
            {counts.review}
          </span>
        </div>
      </div>
      <div
        className="mt-3 h-1.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-label="Session progress"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-300"
          style={{ width: `${total ? (done / total) * 100 : 0}%` }}
        />
      </div>

      <div
        key={cardKey}
        className="mt-6 flex min-h-[22rem] flex-col rounded-3xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
        data-testid="study-card"
        data-side={flipped ? "answer" : "question"}
      >
        <div className="flex flex-wrap items-center gap-2 border-b border-slate-100 px-6 py-3 text-xs dark:border-slate-800">
          <Badge className={STATE_BADGE[card.state]}>{card.state}</Badge>
          {card.kind === "question" && (
            <Badge className="bg-violet-100 text-violet-800 dark:bg-violet-900/40 dark:text-violet-200">
              Missed question
            </Badge>
          )}
          <span className="text-slate-500">{subjectName(card.subjectId)}</span>
          {card.isOfficial && card.kind === "card" && (
            <Badge className="bg-brand-50 text-brand-700 dark:bg-brand-700/20 dark:text-brand-100">premium</Badge>
          )}
        </div>
        <div className="flex flex-1 flex-col px-6 py-8 sm:px-10">
          <Text
            className={clsx(
              "text-center text-slate-900 dark:text-slate-50",
              card.kind === "question" ? "text-left text-base leading-7" : "text-xl leading-8 font-medium sm:text-2xl",
            )}
          >
            {card.question}
          </Text>
          {card.kind === "question" && (
            <QuestionChoices
              card={card}
              flipped={flipped}
              picked={picked}
              onPick={(letters) => {
                setPicked(letters);
                setFlipped(true);
              }}
            />
          )}
          {flipped && (
            <div
              className="mt-8 border-t border-dashed border-slate-200 pt-8 dark:border-slate-700"
              data-testid="card-answer"
            >
              <Text
                className={clsx(
                  "text-slate-700 dark:text-slate-200",
                  card.kind === "question" ? "text-sm leading-6" : "text-center text-lg leading-7",
                )}
              >
                {card.answer}
              </Text>
            </div>
          )}
        </div>
      </div>

      <div className="sticky bottom-0 mt-6 bg-gradient-to-t from-white via-white/95 pt-2 pb-4 dark:from-slate-950 dark:via-slate-950/95">
        {flipped ? (
          <fieldset className="grid grid-cols-4 gap-2" aria-label="Rate your recall">
            {RATINGS.map((r) => (
              <button
                key={r.name}
                type="button"
                disabled={saving}
                onClick={() => void rate(r.name)}
                className={clsx(
                  "flex flex-col items-center rounded-xl border px-2 py-2.5 font-semibold transition-colors disabled:opacity-60",
                  r.cls,
                )}
                aria-keyshortcuts={r.key}
              >
                <span className="text-xs font-medium opacity-80 tabular-nums" data-testid={`interval-${r.name}`}>
                  {cram ? "—" : formatInterval(card.preview[r.name] - now)}
                </span>
                <span className="text-sm">{r.label}</span>
              </button>
            ))}
          </fieldset>
        ) : (
          <button
            type="button"
            onClick={() => setFlipped(true)}
            className={buttonClass("primary", "lg", "w-full")}
            aria-keyshortcuts="Space"
          >
            <RotateCcw className="h-4 w-4" /> Show answer
          </button>
        )}
        <p className="mt-3 hidden items-center justify-center gap-2 text-xs text-slate-500 sm:flex">
          <Keyboard className="h-3.5 w-3.5" /> <kbd className="rounded border px-1">Space</kbd> flip ·{" "}
          <kbd className="rounded border px-1">1</kbd>–<kbd className="rounded border px-1">4</kbd> rate
        </p>
      </div>
    </div>
  );
}
