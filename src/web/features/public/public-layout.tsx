/**
 * The frame of every public page (SPEC.md §2.2): skip link, the header island, the page, the
 * footer, and the two islands every public page carries (screenshot lightbox, Alt+D layout
 * debug overlay). Used by the server's renderer and by the app (spa-routes.tsx).
 */
import type { ReactNode } from "react";
import { DebugOverlay } from "./debug-overlay";
import { PublicFooter } from "./footer";
import { PublicHeader } from "./header";
import { Island } from "./island";
import { Lightbox } from "./lightbox";
import { SCREENSHOTS } from "./screenshots";
import type { Session } from "./site";

export function PublicShell({
  session,
  path,
  year,
  children,
}: {
  session: Session | null;
  path: string;
  year: number;
  children: ReactNode;
}) {
  // The header island needs only the address (its props travel as JSON in the page).
  const headerSession = session ? { email: session.email } : null;
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3 dark:bg-slate-900"
      >
        Skip to content
      </a>
      <Island name="header" props={{ session: headerSession, path }}>
        <PublicHeader session={headerSession} path={path} />
      </Island>
      <main id="main" className="flex-1">
        {children}
      </main>
      <PublicFooter session={session} year={year} />
      <Island name="screenshots" props={{ shots: SCREENSHOTS }}>
        <Lightbox shots={SCREENSHOTS} />
      </Island>
      <Island name="debug" props={{}}>
        <DebugOverlay />
      </Island>
    </div>
  );
}
