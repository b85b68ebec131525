/**
 * A screenshot of the real app as a link to the image: the lightbox island opens it fullscreen
 * (without JavaScript the link opens the image itself). Lazy-loaded, with its size reserved.
 */
import { clsx } from "clsx";
import { ExpandIcon } from "./icons";
import type { Screenshot } from "./screenshots";

export function ScreenshotThumb({ shot, large = false }: { shot: Screenshot; large?: boolean }) {
  return (
    <figure className="group">
      <a
        href={shot.src}
        data-shot={shot.id}
        className={clsx(
          "relative block cursor-zoom-in overflow-hidden rounded-xl border border-slate-200 bg-slate-100 shadow-lg shadow-slate-900/10 ring-brand-500 transition hover:ring-2 dark:border-slate-700 dark:bg-slate-800",
          large && "rounded-2xl shadow-2xl",
        )}
        aria-label={`Enlarge screenshot: ${shot.title}`}
      >
        <img
          src={shot.src}
          alt={shot.title}
          width={shot.width}
          height={shot.height}
          loading="lazy"
          decoding="async"
          className="block h-auto w-full"
        />
        <span
          className="absolute right-2 bottom-2 flex h-8 w-8 items-center justify-center rounded-full bg-slate-900/70 text-white opacity-0 transition group-hover:opacity-100"
          aria-hidden
        >
          <ExpandIcon />
        </span>
      </a>
      <figcaption className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        <span className="font-medium text-slate-900 dark:text-white">{shot.title}</span> — {shot.caption}
      </figcaption>
    </figure>
  );
}
