/**
 * The one select of the app: a native <select> (keyboard, mobile pickers and screen readers for
 * free) styled like the inputs, with a chevron. Name it either with `label` (an aria-label, for
 * selects without a visible label) or with `id` and a visible <label htmlFor> (e.g. `Field`).
 */
import { clsx } from "clsx";
import { ChevronDown } from "lucide-react";
import { forwardRef, type ReactNode, type SelectHTMLAttributes } from "react";

const sizes = {
  sm: "py-1.5 pr-7 pl-2.5 text-xs font-medium",
  md: "py-2 pr-8 pl-3 text-sm",
} as const;

/** Classes of the <select> element itself, for the rare select the component cannot wrap. */
export const selectClass = (size: keyof typeof sizes = "md") =>
  clsx(
    "block w-full appearance-none rounded-lg border border-slate-300 bg-white text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:disabled:bg-slate-800",
    sizes[size],
  );

export interface SelectProps
  extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "size" | "onChange" | "value" | "className"> {
  /** The current value ("" for the empty option). */
  value: string;
  /** Called with the chosen option's value. */
  onChange: (value: string) => void;
  /** Accessible name when no visible <label htmlFor={id}> names the select. */
  label?: string;
  size?: keyof typeof sizes;
  /** Classes for the wrapper (width, margins). */
  className?: string;
  children: ReactNode;
}

/** A labelled native select; see the module comment. */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(
  ({ value, onChange, label, size = "md", className, children, ...rest }, ref) => (
    <div className={clsx("relative", className)}>
      <select
        ref={ref}
        aria-label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={selectClass(size)}
        {...rest}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className={clsx(
          "pointer-events-none absolute text-slate-400",
          size === "sm" ? "top-2 right-2 h-3.5 w-3.5" : "top-2.5 right-2.5 h-4 w-4",
        )}
      />
    </div>
  ),
);
Select.displayName = "Select";

/** The subjects as <option>s after an empty option named `empty` (e.g. "All subjects"). */
export function SubjectOptions({
  subjects,
  empty,
}: {
  subjects: readonly { id: string; name: string }[] | undefined;
  empty?: string;
}) {
  return (
    <>
      {empty !== undefined && <option value="">{empty}</option>}
      {subjects?.map((s) => (
        <option key={s.id} value={s.id}>
          {s.name}
        </option>
      ))}
    </>
  );
}
