/**
 * The demo flashcard viewer (SPEC.md §2.2, §4, §9), an island: the 8 demo cards, 5 shown by
 * default chosen at random (the server draws them, so the HTML already shows them), a subject
 * badge on each, Show Answer / Back to Question, Previous, Next and Shuffle. Changing the card
 * turns it back to the question. Left and right arrows move between cards while the viewer is
 * on screen and no dialog or input has focus.
 */
import { clsx } from "clsx";
import { useEffect, useRef, useState } from "react";
import { type DemoCard, DEMO_CARDS_SHOWN } from "../../../contract/landing";
import { ChevronLeftIcon, ChevronRightIcon, FlipIcon, ShuffleIcon } from "./icons";

export interface FlashcardViewerProps {
  cards: DemoCard[];
  /** Ids of the cards shown first, in order (drawn at random by the server). */
  initial: string[];
}

/** `n` cards drawn at random from `ids`, in random order (Fisher–Yates). */
export function drawCards(ids: string[], n: number, random = Math.random): string[] {
  const pool = [...ids];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, n);
}

/** True when a key press should be left to the focused control or an open dialog. */
export function keyBelongsElsewhere(e: KeyboardEvent): boolean {
  if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return true;
  const t = e.target as HTMLElement | null;
  if (t && (t.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(t.tagName))) return true;
  return !!document.querySelector('[role="dialog"][aria-modal="true"]');
}

const DIFFICULTY_STYLE: Record<string, string> = {
  foundational: "bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300",
  intermediate: "bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-500/10 dark:text-amber-300",
  advanced: "bg-rose-50 text-rose-800 ring-rose-600/20 dark:bg-rose-500/10 dark:text-rose-300",
};

const controlBase =
  "inline-flex h-10 items-center justify-center gap-1.5 rounded-lg border px-3 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-40";
const control = `${controlBase} border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800`;
const primaryControl = `${controlBase} border-brand-700 bg-brand-700 text-white hover:bg-brand-800 dark:border-brand-600 dark:bg-brand-600 dark:hover:bg-brand-700`;

export function FlashcardViewer({ cards, initial }: FlashcardViewerProps) {
  const [deck, setDeck] = useState<string[]>(initial);
  const [index, setIndex] = useState(0);
  const [flipped, setFlipped] = useState(false);
  const [visible, setVisible] = useState(false);
  const root = useRef<HTMLElement>(null);
  const card = cards.find((c) => c.id === deck[index]) ?? cards[0];
  const showingAll = deck.length === cards.length;

  const go = (to: number) => {
    if (to < 0 || to >= deck.length || to === index) return;
    setIndex(to);
    setFlipped(false);
  };
  const shuffle = () => {
    const ids = cards.map((c) => c.id);
    let next = drawCards(ids, deck.length);
    if (next.join() === deck.join() && ids.length > 1) next = drawCards(ids, deck.length);
    setDeck(next);
    setIndex(0);
    setFlipped(false);
  };
  const toggleAll = () => {
    setDeck(
      showingAll
        ? drawCards(
            cards.map((c) => c.id),
            DEMO_CARDS_SHOWN,
          )
        : [...deck, ...cards.map((c) => c.id).filter((id) => !deck.includes(id))],
    );
    if (showingAll) setIndex(0);
    setFlipped(false);
  };

  useEffect(() => {
    const el = root.current;
    if (!el || typeof IntersectionObserver === "undefined") return;
    const io = new IntersectionObserver(([entry]) => setVisible(entry.isIntersecting));
    io.observe(el);
    return () => io.disconnect();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `go` reads the current index each render
  useEffect(() => {
    if (!visible) return;
    const onKey = (e: KeyboardEvent) => {
      if ((e.key !== "ArrowLeft" && e.key !== "ArrowRight") || keyBelongsElsewhere(e)) return;
      e.preventDefault();
      go(e.key === "ArrowLeft" ? index - 1 : index + 1);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [visible, index, deck]);

  if (!card) return null;
  return (
    <section
      ref={root}
      aria-label="Demo flashcards"
      data-testid="demo-flashcards"
      data-deck={deck.join(" ")}
      className="w-full"
    >
      <div className="mb-3 flex items-center justify-between text-sm text-slate-500 dark:text-slate-400">
        <span data-testid="card-position" aria-live="polite">
          Card {index + 1} of {deck.length}
        </span>
        <button
          type="button"
          onClick={toggleAll}
          className="font-medium text-brand-700 hover:underline dark:text-brand-100"
        >
          {showingAll ? `Show ${DEMO_CARDS_SHOWN} at random` : `Show all ${cards.length} cards`}
        </button>
      </div>

      <div className="[perspective:1600px]">
        <div
          className={clsx(
            "grid transition-transform duration-500 [transform-style:preserve-3d] motion-reduce:transition-none",
            flipped && "[transform:rotateY(180deg)]",
          )}
          data-testid="flashcard"
          data-side={flipped ? "answer" : "question"}
          data-card-id={card.id}
        >
          {(["question", "answer"] as const).map((side) => (
            <div
              key={side}
              aria-hidden={(side === "answer") !== flipped}
              className={clsx(
                "col-start-1 row-start-1 flex min-h-[17rem] flex-col rounded-2xl border bg-white p-6 shadow-xl shadow-slate-900/5 [backface-visibility:hidden] sm:p-8 dark:bg-slate-900",
                side === "answer"
                  ? "[transform:rotateY(180deg)] border-brand-200 dark:border-brand-700/50"
                  : "border-slate-200 dark:border-slate-800",
              )}
            >
              <div className="flex flex-wrap items-center gap-2">
                <span
                  className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-700/15 ring-inset dark:bg-brand-700/25 dark:text-brand-100"
                  data-testid={side === "question" ? "card-subject" : undefined}
                >
                  {card.subject}
                </span>
                <span
                  className={clsx(
                    "rounded-full px-2.5 py-0.5 text-xs font-medium capitalize ring-1 ring-inset",
                    DIFFICULTY_STYLE[card.difficulty],
                  )}
                >
                  {card.difficulty}
                </span>
                {card.isPremium && (
                  <span className="rounded-full bg-slate-900 px-2.5 py-0.5 text-xs font-medium text-white dark:bg-white dark:text-slate-900">
                    Premium
                  </span>
                )}
                <span className="ml-auto text-xs font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400">
                  {side === "question" ? "Question" : "Answer"}
                </span>
              </div>
              <p
                className={clsx(
                  "my-auto pt-5 leading-relaxed text-slate-900 dark:text-slate-100",
                  side === "question" ? "text-xl font-semibold sm:text-2xl" : "text-base sm:text-lg",
                )}
              >
                {side === "question" ? card.question : card.answer}
              </p>
            </div>
          ))}
        </div>
      </div>

      <div className="mt-5 grid grid-cols-[auto_1fr_auto] items-center gap-2 sm:gap-3">
        <button
          type="button"
          className={control}
          onClick={() => go(index - 1)}
          disabled={index === 0}
          aria-label="Previous"
        >
          <ChevronLeftIcon /> <span className="hidden sm:inline">Previous</span>
        </button>
        <button type="button" className={primaryControl} onClick={() => setFlipped((f) => !f)}>
          <FlipIcon /> {flipped ? "Back to Question" : "Show Answer"}
        </button>
        <button
          type="button"
          className={control}
          onClick={() => go(index + 1)}
          disabled={index === deck.length - 1}
          aria-label="Next"
        >
          <span className="hidden sm:inline">Next</span> <ChevronRightIcon />
        </button>
      </div>
      <div className="mt-4 flex items-center justify-between">
        <div className="flex gap-1.5" aria-hidden="true">
          {deck.map((id, i) => (
            <span
              key={id}
              className={clsx(
                "h-1.5 rounded-full transition-all",
                i === index ? "w-6 bg-brand-600" : "w-1.5 bg-slate-300 dark:bg-slate-700",
              )}
            />
          ))}
        </div>
        <button
          type="button"
          onClick={shuffle}
          className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
        >
          <ShuffleIcon /> Shuffle
        </button>
      </div>
      <p className="mt-3 hidden text-xs text-slate-500 sm:block dark:text-slate-400">
        Tip: use ← and → to move between cards.
      </p>
    </section>
  );
}
