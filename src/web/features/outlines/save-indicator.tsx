/** The editor's save state: Saved / Saving… / Unsaved changes / Not saved (with the reason). */
import { clsx } from "clsx";
import { useSyncExternalStore } from "react";
import type { SaveStatus, SaveStore } from "./use-outline-save";

const TEXT: Record<SaveStatus, string> = {
  saved: "Saved",
  dirty: "Unsaved changes",
  saving: "Saving…",
  conflict: "Changed elsewhere",
  error: "Not saved",
};

/** Subscribes to the save state itself, so a status change re-renders only this chip. */
export function SaveIndicator({ store }: { store: SaveStore }) {
  const { status, error } = useSyncExternalStore(store.subscribe, store.get);
  return (
    <span
      data-testid="save-status"
      data-status={status}
      role="status"
      title={error ?? undefined}
      className={clsx(
        "rounded-full px-2.5 py-1 text-xs font-medium",
        status === "saved" && "bg-emerald-50 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300",
        (status === "dirty" || status === "saving") &&
          "bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300",
        (status === "conflict" || status === "error") && "bg-red-50 text-red-700 dark:bg-red-950 dark:text-red-300",
      )}
    >
      {TEXT[status]}
      {error && status !== "saved" ? <span className="sr-only">: {error}</span> : null}
    </span>
  );
}

/** After a refused save (another tab changed the outline): a button that loads the newer version. */
export function ReloadOnConflict({ store }: { store: SaveStore }) {
  const { status } = useSyncExternalStore(store.subscribe, store.get);
  if (status !== "conflict") return null;
  return (
    <button
      type="button"
      onClick={() => window.location.reload()}
      className="rounded-md px-2 py-1 text-xs font-semibold text-red-700 underline dark:text-red-300"
    >
      Reload
    </button>
  );
}
