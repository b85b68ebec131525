/**
 * The screenshot lightbox (SPEC.md §2.2), an island: any `<a data-shot="id">` on the page opens
 * the screenshot fullscreen instead of following its link (without JavaScript the link simply
 * opens the image). It closes on a click, Escape or the close button; left and right arrows
 * (and the on-screen arrows) move through the screenshots. Focus returns to the opener.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from "./icons";
import type { Screenshot } from "./screenshots";

export function Lightbox({ shots }: { shots: Screenshot[] }) {
  const [index, setIndex] = useState<number | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  const close = useCallback(() => {
    setIndex(null);
    opener.current?.focus();
  }, []);
  const step = useCallback(
    (d: number) => setIndex((i) => (i === null ? i : (i + d + shots.length) % shots.length)),
    [shots.length],
  );

  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
      const a = (e.target as Element | null)?.closest?.<HTMLElement>("a[data-shot]");
      if (!a) return;
      const i = shots.findIndex((s) => s.id === a.dataset.shot);
      if (i < 0) return;
      e.preventDefault();
      opener.current = a;
      setIndex(i);
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [shots]);

  useEffect(() => {
    if (index === null) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") close();
      else if (e.key === "ArrowLeft") step(-1);
      else if (e.key === "ArrowRight") step(1);
      else return;
      e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      window.removeEventListener("keydown", onKey);
      document.body.style.overflow = overflow;
    };
  }, [index, close, step]);

  useEffect(() => {
    if (index !== null) closeButton.current?.focus();
  }, [index]);

  if (index === null) return null;
  const shot = shots[index];
  const arrow =
    "absolute top-1/2 z-10 flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/10 text-white backdrop-blur hover:bg-white/25";
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label={`Screenshot: ${shot.title}`}
      data-testid="lightbox"
      className="fixed inset-0 z-50 flex cursor-zoom-out flex-col items-center justify-center bg-slate-950/90 p-4 sm:p-10"
      onClick={close}
    >
      <button
        ref={closeButton}
        type="button"
        aria-label="Close"
        className="absolute top-4 right-4 flex h-11 w-11 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/25"
      >
        <CloseIcon className="h-6 w-6" />
      </button>
      {shots.length > 1 && (
        <>
          <button
            type="button"
            aria-label="Previous screenshot"
            className={`${arrow} left-3 sm:left-6`}
            onClick={(e) => {
              e.stopPropagation();
              step(-1);
            }}
          >
            <ChevronLeftIcon className="h-6 w-6" />
          </button>
          <button
            type="button"
            aria-label="Next screenshot"
            className={`${arrow} right-3 sm:right-6`}
            onClick={(e) => {
              e.stopPropagation();
              step(1);
            }}
          >
            <ChevronRightIcon className="h-6 w-6" />
          </button>
        </>
      )}
      <img
        src={shot.src}
        alt={shot.title}
        width={shot.width}
        height={shot.height}
        className="max-h-[80vh] w-auto max-w-full rounded-xl shadow-2xl ring-1 ring-white/10"
        data-testid="lightbox-image"
      />
      <p className="mt-4 max-w-2xl text-center text-sm text-slate-200">
        <span className="font-semibold text-white">{shot.title}</span> — {shot.caption}
        <span className="ml-2 text-slate-400">
          {index + 1} / {shots.length}
        </span>
      </p>
    </div>
  );
}
