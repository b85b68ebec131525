import { Check, X } from "lucide-react";
import { EASY_TO_GUESS_TIPS, passwordChecks } from "../../../domain/password";

/** The live checklist of SPEC.md §5. */
export function PasswordChecklist({ password }: { password: string }) {
  return (
    <ul
      className="grid grid-cols-1 gap-1 text-xs sm:grid-cols-2"
      aria-label="Password requirements"
      data-testid="password-checklist"
    >
      {passwordChecks(password).map((c) => (
        <li
          key={c.id}
          className={
            c.ok
              ? "flex items-center gap-1.5 text-emerald-700 dark:text-emerald-400"
              : "flex items-center gap-1.5 text-slate-500"
          }
          data-ok={c.ok}
        >
          {c.ok ? <Check className="h-3.5 w-3.5" aria-hidden /> : <X className="h-3.5 w-3.5" aria-hidden />}
          {c.label}
        </li>
      ))}
    </ul>
  );
}

export function EasyToGuessTips() {
  return (
    <ul className="mt-2 list-disc space-y-0.5 pl-5 text-sm" data-testid="easy-to-guess-tips">
      {EASY_TO_GUESS_TIPS.map((t) => (
        <li key={t}>{t}</li>
      ))}
    </ul>
  );
}
