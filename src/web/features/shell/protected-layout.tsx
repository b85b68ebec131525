/** The signed-in application layout: gate, banners, sidebar and the routed page. */
import { useEffect } from "react";
import { clsx } from "clsx";
import { Outlet, useLocation } from "react-router";
import { ThreadList } from "../chat/thread-list";
import { useRealtime } from "../chat/use-realtime";
import { useMe } from "../../lib/session";
import { MaintenanceBanner, OfflineBanner, SubscriptionBanner, TrialBanner } from "./banners";
import { ProtectedGate } from "./gate";
import { Sidebar } from "./sidebar";

/** The signed-in user's realtime connection, re-established when the user changes (SPEC.md §4). */
function Realtime() {
  const { data: me } = useMe();
  useRealtime(me?.user.id);
  return null;
}

export function ProtectedLayout() {
  const { pathname } = useLocation();
  const fullBleed = pathname === "/chat" || pathname.startsWith("/chat/");
  // Every navigation scrolls to the top (SPEC.md §2.3), except into a conversation: the chat page
  // opens it at its newest message, and a scroll to the top here (which runs after the page's own
  // layout effects) would leave a cached conversation at its oldest loaded message instead.
  useEffect(() => {
    if (!pathname.startsWith("/chat/")) window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <ProtectedGate>
      <TrialBanner />
      <div className="flex min-h-[calc(100dvh-var(--banner-h,0px))]">
        <Realtime />
        <Sidebar threads={<ThreadList />} />
        <div className="flex min-w-0 flex-1 flex-col">
          <OfflineBanner />
          <MaintenanceBanner />
          <SubscriptionBanner />
          <main className={clsx("flex-1", !fullBleed && "px-4 pt-16 pb-10 md:px-8 md:pt-8")}>
            <Outlet />
          </main>
        </div>
      </div>
    </ProtectedGate>
  );
}
