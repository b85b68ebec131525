/**
 * Browser entry of the pre-rendered public pages (/, /pricing, /unlimited, /terms, /privacy,
 * /disclaimer). The HTML is complete, so nothing here is needed for the first paint: this entry
 * carries only the stylesheet and loads the islands' code (React + the interactive parts, see
 * landing-islands.tsx) once the page has painted. That keeps JavaScript off the critical path
 * (DESIGN.md §6: ≤ 120 KB gzip before first paint, LCP ≤ 800 ms).
 */
import "./styles.css";
import { redirectAuthLinkError } from "./lib/auth-link";

// A failed confirmation link that names `/` carries its error in the fragment (SPEC.md §4).
redirectAuthLinkError();
const hydrate = () => void import("./landing-islands").then((m) => m.hydrateIslands());
// requestAnimationFrame runs just before the next paint; the timeout runs just after it.
requestAnimationFrame(() => setTimeout(hydrate, 0));
