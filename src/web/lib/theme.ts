/** Theme: light, dark or system (default), stored under `ui-theme` (SPEC.md §3, §4). */
import { useEffect, useState } from "react";
import { KEYS, read, write } from "./storage";

export type Theme = "light" | "dark" | "system";

export function getTheme(): Theme {
  const t = read(KEYS.theme);
  return t === "light" || t === "dark" ? t : "system";
}

/**
 * Puts `theme` on <html> (class `dark`, `color-scheme`). Colour transitions are
 * suspended for the switch, so the page changes theme at once instead of fading
 * every button and chip separately (and never shows half-faded, low-contrast text).
 */
export function applyTheme(theme: Theme) {
  const dark = theme === "dark" || (theme === "system" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  const root = document.documentElement;
  if (root.classList.contains("dark") === dark && root.style.colorScheme === (dark ? "dark" : "light")) return;
  const still = document.createElement("style");
  still.textContent = "*,*::before,*::after{transition:none!important}";
  document.head.appendChild(still);
  root.classList.toggle("dark", dark);
  root.style.colorScheme = dark ? "dark" : "light";
  // Force a style flush with transitions off, then let them resume on the next frame.
  void window.getComputedStyle(root).color;
  requestAnimationFrame(() => still.remove());
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
