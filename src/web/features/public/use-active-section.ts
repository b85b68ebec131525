/**
 * Scroll-spy (SPEC.md §2.2 "the header highlights the active section while scrolling"): the
 * active section is the last one whose top has passed a line 35 % down the viewport; at the very
 * bottom of the page, the last section. Starts as `ids[0]` so the server's HTML and the first
 * browser render agree; `null` when disabled (pages other than `/`).
 */
import { useEffect, useState } from "react";

export function useActiveSection(enabled: boolean, ids: string[]): string | null {
  const key = ids.join(" ");
  const [active, setActive] = useState<string | null>(enabled ? ids[0] : null);
  useEffect(() => {
    if (!enabled) return;
    const list = key.split(" ");
    let frame = 0;
    const update = () => {
      frame = 0;
      const line = window.innerHeight * 0.35;
      const present = list.map((id) => document.getElementById(id)).filter((el): el is HTMLElement => !!el);
      let current = list[0];
      for (const el of present) if (el.getBoundingClientRect().top <= line) current = el.id;
      const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      if (atBottom && window.scrollY > 0 && present.length) current = present[present.length - 1].id;
      setActive(current);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    return () => {
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [enabled, key]);
  return enabled ? active : null;
}
