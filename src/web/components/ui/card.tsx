import { clsx } from "clsx";
import type { HTMLAttributes } from "react";

export const Card = ({ className, ...rest }: HTMLAttributes<HTMLDivElement>) => (
  <div
    className={clsx(
      "rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900",
      className,
    )}
    {...rest}
  />
);

export const Spinner = ({ className }: { className?: string }) => (
  <span
    className={clsx(
      "inline-block h-5 w-5 animate-spin rounded-full border-2 border-current border-t-transparent",
      className,
    )}
    aria-hidden="true"
  />
);

export const Badge = ({ className, ...rest }: HTMLAttributes<HTMLSpanElement>) => (
  <span
    className={clsx(
      "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium",
      className ?? "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300",
    )}
    {...rest}
  />
);
