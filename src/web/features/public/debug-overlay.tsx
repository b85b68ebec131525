/**
 * Alt+D toggles a layout debug overlay (SPEC.md §2.2 keyboard): every element outlined (the
 * `debug-layout` class on <html>), the 12-column grid of the page's content width, and the
 * viewport size with its Tailwind breakpoint. An island that renders nothing until used.
 */
import { useEffect, useState } from "react";

const breakpoint = (w: number) =>
  w >= 1536 ? "2xl" : w >= 1280 ? "xl" : w >= 1024 ? "lg" : w >= 768 ? "md" : w >= 640 ? "sm" : "base";

export function DebugOverlay() {
  const [on, setOn] = useState(false);
  const [size, setSize] = useState({ w: 0, h: 0 });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey && !e.ctrlKey && !e.metaKey && e.code === "KeyD") {
        e.preventDefault();
        setOn((o) => !o);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  useEffect(() => {
    document.documentElement.classList.toggle("debug-layout", on);
    if (!on) return;
    const measure = () => setSize({ w: window.innerWidth, h: window.innerHeight });
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, [on]);
  if (!on) return null;
  return (
    <div data-testid="debug-overlay" aria-hidden="true" className="pointer-events-none fixed inset-0 z-[60]">
      <div className="mx-auto grid h-full max-w-6xl grid-cols-4 gap-4 px-4 sm:grid-cols-12 sm:px-6">
        {Array.from({ length: 12 }, (_, i) => (
          <div key={i} className={`h-full bg-pink-500/10 ${i >= 4 ? "hidden sm:block" : ""}`} />
        ))}
      </div>
      <div className="absolute bottom-3 left-3 rounded-md bg-pink-600 px-2 py-1 font-mono text-xs text-white shadow">
        {size.w}×{size.h} · {breakpoint(size.w)} · Alt+D to hide
      </div>
    </div>
  );
}
