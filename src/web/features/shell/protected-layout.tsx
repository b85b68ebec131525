/** The signed-in application layout: gate, banners, sidebar and the routed page. */
import { useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { OfflineBanner, SubscriptionBanner, TrialBanner } from "./banners";
import { ProtectedGate } from "./gate";
import { Sidebar } from "./sidebar";

export function ProtectedLayout() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: every navigation scrolls to the top (SPEC.md §2.3)
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <ProtectedGate>
      <TrialBanner />
      <div className="flex min-h-screen">
        <Sidebar threads={<p className="px-3 py-2 text-xs text-slate-500">Your conversations will appear here.</p>} />
        <div className="flex min-w-0 flex-1 flex-col">
          <OfflineBanner />
          <SubscriptionBanner />
          <main className="flex-1 px-4 pt-16 pb-10 md:px-8 md:pt-8">
            <Outlet />
          </main>
        </div>
      </div>
    </ProtectedGate>
  );
}
