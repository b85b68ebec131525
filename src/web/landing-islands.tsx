/**
 * Hydrates the islands the server marked on a pre-rendered public page (see
 * features/public/island.tsx), loaded by landing-main.tsx after the first paint. It carries React
 * and the islands, not the router, TanStack Query or Radix. When every island has mounted,
 * <html> gets `data-hydrated="true"` (the browser tests wait for it before interacting).
 */
import { type ComponentType, type ReactNode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { DebugOverlay } from "./features/public/debug-overlay";
import { FlashcardViewer } from "./features/public/flashcard-viewer";
import { PublicHeader } from "./features/public/header";
import type { IslandName } from "./features/public/island";
import { Lightbox } from "./features/public/lightbox";
import { reportError } from "./lib/report-error";

// biome-ignore lint/suspicious/noExplicitAny: each island's props are checked where the server renders it
const ISLANDS: Record<IslandName, ComponentType<any>> = {
  header: PublicHeader,
  flashcards: FlashcardViewer,
  screenshots: Lightbox,
  debug: DebugOverlay,
};

/** Calls `onMount` once its subtree has mounted; renders no DOM, so hydration is unaffected. */
function OnMount({ onMount, children }: { onMount: () => void; children: ReactNode }) {
  useEffect(() => onMount(), [onMount]);
  return children;
}

export function hydrateIslands() {
  window.addEventListener("error", (e) => reportError(e.message, e.error?.stack));
  window.addEventListener("unhandledrejection", (e) =>
    reportError(String(e.reason?.message ?? e.reason), e.reason?.stack),
  );
  const islands = [...document.querySelectorAll<HTMLElement>("[data-island]")];
  let pending = islands.length;
  const mounted = () => {
    pending -= 1;
    if (pending <= 0) document.documentElement.dataset.hydrated = "true";
  };
  if (!pending) mounted();
  for (const el of islands) hydrateIsland(el, mounted);
}

function hydrateIsland(el: HTMLElement, mounted: () => void) {
  const name = el.dataset.island as IslandName;
  const Component = ISLANDS[name];
  const propsEl = el.nextElementSibling;
  if (!Component || propsEl?.getAttribute("data-island-props") !== name) return mounted();
  const props = JSON.parse(propsEl.textContent || "{}");
  hydrateRoot(
    el,
    <OnMount onMount={mounted}>
      <Component {...props} />
    </OnMount>,
    {
      onRecoverableError: (err) => {
        console.error(err);
        reportError(`hydration (${name}): ${String((err as Error)?.message ?? err)}`, (err as Error)?.stack);
      },
    },
  );
}
