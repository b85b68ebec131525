/** Small pieces the operator pages share (issue 17 §2, second half). */
import type { ReactNode } from "react";
import { Card } from "../../../components/ui/card";

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      {children && <p className="mt-1 max-w-3xl text-sm text-slate-600 dark:text-slate-400">{children}</p>}
    </div>
  );
}

export function Stat({ label, value, tone }: { label: string; value: ReactNode; tone?: "bad" | "good" }) {
  return (
    <Card className="p-4">
      <p className="text-sm text-slate-500 dark:text-slate-400">{label}</p>
      <p
        className={
          tone === "bad"
            ? "mt-1 text-2xl font-semibold text-red-600 dark:text-red-400"
            : tone === "good"
              ? "mt-1 text-2xl font-semibold text-emerald-700 dark:text-emerald-400"
              : "mt-1 text-2xl font-semibold"
        }
      >
        {value}
      </p>
    </Card>
  );
}

export function StatusPill({ ok, children }: { ok: boolean; children: ReactNode }) {
  return (
    <span
      className={
        ok
          ? "inline-flex rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300"
          : "inline-flex rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800 dark:bg-amber-950 dark:text-amber-300"
      }
    >
      {children}
    </span>
  );
}

export const textareaClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 dark:border-slate-700 dark:bg-slate-900";
