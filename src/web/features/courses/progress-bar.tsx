/** A course, module or upload progress bar (an accessible progressbar, percent 0–100). */

export function ProgressBar({
  percent,
  label,
  text,
  className,
}: {
  percent: number;
  label: string;
  text?: string;
  className?: string;
}) {
  const p = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className={className}>
      {text && <p className="mb-1 text-xs text-slate-600 dark:text-slate-300">{text}</p>}
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={p}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
      >
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${p}%` }} />
      </div>
    </div>
  );
}
