/**
 * Banners of SPEC.md §2.6/§4: offline, trial countdown (40 px, fixed at the top, dismiss per
 * browser session) and subscription expiring/expired.
 */
import { useQuery } from "@tanstack/react-query";
import { AlertTriangle, Wrench, WifiOff, X } from "lucide-react";
import { useEffect, useState, useSyncExternalStore } from "react";
import { Link, useLocation } from "react-router";
import { subscriptionBanner, trialBanner } from "../../../domain/plans";
import type { siteApi } from "../../../contract/admin";
import type { ResponseOf } from "../../../contract/route";
import { api } from "../../lib/api";
import { useMe } from "../../lib/session";
import { KEYS, read, write } from "../../lib/storage";

export function useOnline(): boolean {
  return useSyncExternalStore(
    (cb) => {
      window.addEventListener("online", cb);
      window.addEventListener("offline", cb);
      return () => {
        window.removeEventListener("online", cb);
        window.removeEventListener("offline", cb);
      };
    },
    () => navigator.onLine,
  );
}

export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-sm text-amber-900 dark:bg-amber-900 dark:text-amber-100"
    >
      <WifiOff className="h-4 w-4" aria-hidden /> You're currently offline. Some features may be limited.
    </div>
  );
}

/** The site status (GET /api/site): name, support email, sign-ups, maintenance mode; re-read every minute. */
export const useSite = () =>
  useQuery({
    queryKey: ["site"],
    queryFn: () => api<ResponseOf<typeof siteApi.status>>("/api/site"),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });

/** Maintenance mode (admin settings, issue 17): the app is read-only for students while it is on. */
export function MaintenanceBanner() {
  const { data } = useSite();
  if (!data?.maintenanceMode) return null;
  return (
    <div
      role="status"
      data-testid="maintenance-banner"
      className="flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-sm text-amber-900 dark:bg-amber-900 dark:text-amber-100"
    >
      <Wrench className="h-4 w-4 shrink-0" aria-hidden /> {data.maintenanceMessage} (read-only)
    </div>
  );
}

export const TRIAL_BANNER_HEIGHT_PX = 40;

export function TrialBanner() {
  const { data: me } = useMe();
  const { pathname } = useLocation();
  const [dismissed, setDismissed] = useState(() => read(KEYS.trialBannerDismissed, true) === "1");
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(t);
  }, []);
  const banner = me
    ? trialBanner({
        status: me.subscription.status,
        currentPeriodEnd: me.subscription.current_period_end,
        dismissed,
        path: pathname,
        now,
      })
    : null;
  // Sticky and fixed parts of the shell (sidebar, chat header) sit below the banner via --banner-h.
  const shown = !!banner;
  useEffect(() => {
    if (!shown) return;
    document.documentElement.style.setProperty("--banner-h", `${TRIAL_BANNER_HEIGHT_PX}px`);
    return () => {
      document.documentElement.style.removeProperty("--banner-h");
    };
  }, [shown]);
  if (!banner) return null;
  return (
    <>
      <div style={{ height: TRIAL_BANNER_HEIGHT_PX }} aria-hidden />
      <div
        data-testid="trial-banner"
        data-urgent={banner.urgent}
        style={{ height: TRIAL_BANNER_HEIGHT_PX }}
        className={`fixed inset-x-0 top-0 z-50 flex items-center justify-center gap-2 px-10 text-xs font-medium text-white sm:gap-3 sm:text-sm ${banner.urgent ? "bg-red-600" : "bg-blue-600"}`}
      >
        {/* One line at every width: the banner is a fixed 40 px and the shell sits below it. */}
        <span className="min-w-0 truncate">{banner.text}</span>
        <Link
          to="/pricing"
          className={`shrink-0 whitespace-nowrap rounded-md bg-white px-2 py-0.5 font-semibold shadow-xs hover:bg-white/90 ${banner.urgent ? "text-red-700" : "text-blue-700"}`}
        >
          Upgrade now
        </Link>
        <button
          type="button"
          className="absolute right-2 rounded p-1 hover:bg-white/20"
          aria-label="Dismiss trial banner"
          onClick={() => {
            write(KEYS.trialBannerDismissed, "1", true);
            setDismissed(true);
          }}
        >
          <X className="h-4 w-4" />
        </button>
      </div>
    </>
  );
}

export function SubscriptionBanner() {
  const { data: me } = useMe();
  if (!me) return null;
  const s = me.subscription;
  const state = subscriptionBanner(
    { status: s.status, priceId: s.stripe_price_id, currentPeriodEnd: s.current_period_end, graceUntil: s.grace_until },
    new Date(),
  );
  if (!state) return null;
  const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : "");
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-sm text-amber-900 dark:bg-amber-900 dark:text-amber-100"
    >
      <AlertTriangle className="h-4 w-4" aria-hidden />
      {state === "past_due"
        ? `Your last payment failed. Update your payment method to keep your plan after ${day(s.grace_until)}.`
        : state === "expired"
          ? "Your subscription has expired."
          : `Your subscription ends on ${day(s.current_period_end)}.`}
      <Link to="/settings" className="font-semibold underline">
        {state === "past_due" ? "Update payment" : "Renew"}
      </Link>
    </div>
  );
}
