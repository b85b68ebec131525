/**
 * The public pages inside the single-page app, for visits that arrive by client-side navigation
 * (a first visit to these paths gets the server's pre-rendered HTML instead). Same components;
 * the signed-in state comes from `useMe()`, links go through the router, and the landing data
 * and prices are fetched from `GET /api/landing` and `GET /api/pricing` (the §9 $10 fallback
 * when pricing fails).
 */
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { Link, Outlet, useLocation, useNavigate } from "react-router";
import type { LandingData } from "../../../contract/landing";
import { DEMO_CARDS_SHOWN } from "../../../contract/landing";
import { FALLBACK_PRICING, type PricingResponse } from "../../../contract/pricing";
import { Spinner } from "../../components/ui/card";
import { api } from "../../lib/api";
import { signOut, useMe } from "../../lib/session";
import { useBrand } from "./brand";
import { drawCards } from "./flashcard-viewer";
import LandingPage from "./landing-page";
import { isPublicPath, pageMeta } from "./pages";
import { PricingPage, UnlimitedPage } from "../billing/pricing";
import { PublicShell } from "./public-layout";
import { SiteEnvProvider, type SiteLinkProps } from "./site";

function RouterLink({ href, ...rest }: SiteLinkProps) {
  // Anchors and files are left to the browser; everything else is a client-side route.
  if (href.startsWith("#") || href.startsWith("/#") || /\.\w+$/.test(href)) return <a href={href} {...rest} />;
  return <Link to={href} {...rest} />;
}

const useSession = () => {
  const { data: me } = useMe();
  const { data: referral } = useQuery({
    queryKey: ["referrals", "me"],
    queryFn: () => api<{ code: string; link: string }>("/api/referrals/me"),
    enabled: !!me,
    staleTime: 5 * 60_000,
  });
  return me ? { email: me.user.email, referral: referral ? { code: referral.code, link: referral.link } : null } : null;
};

/** SPEC.md §9: pricing cached 5 minutes; any failure shows the fallback prices. */
function usePricing() {
  const { data } = useQuery({
    queryKey: ["pricing"],
    queryFn: () =>
      api<PricingResponse>("/api/pricing").catch(
        () => ({ success: true, source: "fallback", data: FALLBACK_PRICING }) as PricingResponse,
      ),
    staleTime: 5 * 60_000,
    gcTime: 10 * 60_000,
  });
  return data?.data ?? FALLBACK_PRICING;
}

export function PublicLayout() {
  const session = useSession();
  const navigate = useNavigate();
  const { pathname, hash } = useLocation();
  const brand = useBrand();
  const env = useMemo(() => ({ Link: RouterLink, signOut: () => signOut(navigate) }), [navigate]);
  useEffect(() => {
    if (isPublicPath(pathname)) document.title = pageMeta(pathname, brand).title;
  }, [pathname, brand]);
  // A client-side visit to /#section: scroll to the section once the page has rendered.
  // biome-ignore lint/correctness/useExhaustiveDependencies: run again when the path changes with the same hash
  useEffect(() => {
    if (!hash) return;
    const t = setTimeout(
      () => document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ behavior: "smooth" }),
      50,
    );
    return () => clearTimeout(t);
  }, [pathname, hash]);
  return (
    <SiteEnvProvider value={env}>
      <PublicShell session={session} path={pathname} year={new Date().getFullYear()}>
        <Outlet />
      </PublicShell>
    </SiteEnvProvider>
  );
}

export function LandingRoute() {
  const session = useSession();
  const pricing = usePricing();
  const { data, isError } = useQuery({
    queryKey: ["landing"],
    queryFn: () => api<LandingData>("/api/landing"),
    staleTime: 5 * 60_000,
  });
  const initial = useMemo(
    () =>
      data
        ? drawCards(
            data.demoCards.map((c) => c.id),
            DEMO_CARDS_SHOWN,
          )
        : [],
    [data],
  );
  if (isError)
    return (
      <p className="px-4 py-24 text-center text-slate-600">
        The page could not be loaded. Please try refreshing the page.
      </p>
    );
  if (!data) return <Spinner className="m-24 mx-auto block h-8 w-8 text-brand-700" />;
  return <LandingPage session={session} data={data} pricing={pricing} initialCards={initial} />;
}

export function PricingRoute() {
  return <PricingPage session={useSession()} pricing={usePricing()} />;
}

export function UnlimitedRoute() {
  return <UnlimitedPage session={useSession()} pricing={usePricing()} />;
}
