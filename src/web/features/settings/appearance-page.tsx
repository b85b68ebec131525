/** /settings/appearance: light, dark or system (default), saved under `ui-theme`. */
import { Monitor, Moon, Sun } from "lucide-react";
import { Card } from "../../components/ui/card";
import { type Theme, useTheme } from "../../lib/theme";

const OPTIONS: { id: Theme; label: string; icon: typeof Sun; hint: string }[] = [
  { id: "light", label: "Light", icon: Sun, hint: "Always light" },
  { id: "dark", label: "Dark", icon: Moon, hint: "Always dark" },
  { id: "system", label: "System", icon: Monitor, hint: "Follow your device" },
];

export default function AppearancePage() {
  const [theme, setTheme] = useTheme();
  return (
    <Card>
      <h2 className="text-lg font-semibold">Theme</h2>
      <div role="radiogroup" aria-label="Theme" className="mt-4 grid gap-3 sm:grid-cols-3">
        {OPTIONS.map((o) => (
          // biome-ignore lint/a11y/useSemanticElements: a styled radio card; role and aria-checked give the same semantics
          <button
            key={o.id}
            type="button"
            role="radio"
            aria-checked={theme === o.id}
            onClick={() => setTheme(o.id)}
            className={`flex flex-col items-center gap-2 rounded-xl border p-4 text-sm ${theme === o.id ? "border-brand-600 ring-2 ring-brand-500/30" : "border-slate-200 hover:border-slate-300 dark:border-slate-700"}`}
          >
            <o.icon className="h-6 w-6" aria-hidden />
            <span className="font-medium">{o.label}</span>
            <span className="text-xs text-slate-500">{o.hint}</span>
          </button>
        ))}
      </div>
    </Card>
  );
}
