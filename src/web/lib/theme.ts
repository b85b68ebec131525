/** Theme: light, dark or system (default), stored under `ui-theme` (SPEC.md §3, §4). */
import { useEffect, useState } from "react";
import { KEYS, read, write } from "./storage";

export type Theme = "light" | "dark" | "system";

export function getTheme(): Theme {
  const t = read(KEYS.theme);
  return t === "light" || t === "dark" ? t : "system";
}

export function applyTheme(theme: Theme) {
  const dark = theme === "dark" || (theme === "system" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.classList.toggle("dark", dark);
  document.documentElement.style.colorScheme = dark ? "dark" : "light";
}

export function useTheme(): [Theme, (t: Theme) => void] {
  const [theme, setThemeState] = useState<Theme>(getTheme);
  useEffect(() => {
    applyTheme(theme);
    if (theme !== "system") return;
    const mq = window.matchMedia("(prefers-color-scheme: dark)");
    const onChange = () => applyTheme("system");
    mq.addEventListener("change", onChange);
    return () => mq.removeEventListener("change", onChange);
  }, [theme]);
  return [
    theme,
    (t: Theme) => {
      write(KEYS.theme, t);
      setThemeState(t);
    },
  ];
}
