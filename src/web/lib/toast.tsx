/**
 * Toasts (SPEC.md §4): add, update, dismiss, remove — and only one visible at a time: adding a
 * toast replaces the one on screen. Escape or the close button dismisses it.
 */
import { X } from "lucide-react";
import { useEffect, useSyncExternalStore } from "react";

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant?: "default" | "success" | "destructive" | "warning";
  durationMs?: number;
  /** One button beside the text (e.g. Undo); clicking it runs `onClick` and dismisses the toast. */
  action?: { label: string; onClick: () => void };
}

let current: Toast | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export const toast = {
  add(t: Omit<Toast, "id">): number {
    current = { ...t, id: nextId++ };
    emit();
    return current.id;
  },
  update(id: number, patch: Partial<Omit<Toast, "id">>) {
    if (current?.id === id) {
      current = { ...current, ...patch };
      emit();
    }
  },
  dismiss(id?: number) {
    if (!current || (id !== undefined && current.id !== id)) return;
    current = null;
    emit();
  },
};

export function Toaster() {
  const t = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
  useEffect(() => {
    if (!t) return;
    const timer = setTimeout(() => toast.dismiss(t.id), t.durationMs ?? 5000);
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && toast.dismiss(t.id);
    window.addEventListener("keydown", onKey);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("keydown", onKey);
    };
  }, [t]);
  if (!t) return null;
  const tone =
    t.variant === "destructive"
      ? "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
      : t.variant === "success"
        ? "border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100"
        : t.variant === "warning"
          ? "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
          : "border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-[100] flex justify-center px-4 sm:justify-end">
      <div
        role="status"
        aria-live="polite"
        data-testid="toast"
        className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border p-4 shadow-lg ${tone}`}
      >
        <div className="flex-1">
          <p className="text-sm font-semibold">{t.title}</p>
          {t.description && <p className="mt-1 text-sm opacity-90">{t.description}</p>}
        </div>
        {t.action && (
          <button
            type="button"
            onClick={() => {
              t.action?.onClick();
              toast.dismiss(t.id);
            }}
            className="rounded-md px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50 dark:text-brand-100 dark:hover:bg-slate-800"
          >
            {t.action.label}
          </button>
        )}
        <button
          type="button"
          onClick={() => toast.dismiss(t.id)}
          className="rounded p-1 opacity-70 hover:opacity-100"
          aria-label="Dismiss notification"
        >
          <X className="h-4 w-4" />
        </button>
      </div>
    </div>
  );
}
