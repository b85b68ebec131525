/**
 * Route table (SPEC.md §2). Everything is split per route; the public pages' first visit is the
 * server's pre-rendered HTML (src/server/features/public), so their routes here serve client-side
 * visits only. Unknown settings sub-paths redirect to /settings; unknown admin paths to
 * /admin/dashboard. On an ADMIN_HOSTS host the admin route table replaces the public one.
 */
import { lazy, Suspense } from "react";
import { createBrowserRouter, Navigate, useLocation } from "react-router";
import { Spinner } from "./components/ui/card";
import { RouteErrorScreen } from "./features/shell/screens";
import { readBoot } from "./lib/boot";

const AuthPage = lazy(() => import("./features/auth/auth-page"));
const TermsPage = lazy(() => import("./features/public/legal-pages").then((m) => ({ default: m.TermsPage })));
const PrivacyPage = lazy(() => import("./features/public/legal-pages").then((m) => ({ default: m.PrivacyPage })));
const DisclaimerPage = lazy(() => import("./features/public/legal-pages").then((m) => ({ default: m.DisclaimerPage })));
const CallbackPage = lazy(() => import("./features/auth/callback-page"));
const ResendPage = lazy(() => import("./features/auth/resend-page"));
const ResetPasswordPage = lazy(() => import("./features/auth/reset-password-page"));
const App = lazy(() => import("./app-routes"));
const CheckoutConfirmation = lazy(() => import("./features/billing/checkout-confirmation"));
// Public pages: a first visit gets the server's pre-rendered HTML; these serve client-side visits.
const spa = () => import("./features/public/spa-routes");
const PublicLayout = lazy(() => spa().then((m) => ({ default: m.PublicLayout })));
const LandingRoute = lazy(() => spa().then((m) => ({ default: m.LandingRoute })));
const PricingRoute = lazy(() => spa().then((m) => ({ default: m.PricingRoute })));
const UnlimitedRoute = lazy(() => spa().then((m) => ({ default: m.UnlimitedRoute })));

const fallback = (
  <div className="flex min-h-[50vh] items-center justify-center">
    <Spinner className="h-8 w-8 text-brand-700" />
  </div>
);
const L = (el: React.ReactNode) => <Suspense fallback={fallback}>{el}</Suspense>;

const authRoutes = [
  { path: "/auth", element: L(<AuthPage />) },
  { path: "/auth/callback", element: L(<CallbackPage />) },
  { path: "/auth/resend-confirmation", element: L(<ResendPage />) },
  { path: "/auth/reset-password", element: L(<ResetPasswordPage />) },
];

/** SPEC.md §2.5: on an ADMIN_HOSTS host, / and any other path go to /admin/dashboard; /auth stays. */
function AdminHostRoutes() {
  const { pathname } = useLocation();
  return pathname.startsWith("/admin/") && pathname !== "/admin/" ? (
    L(<App />)
  ) : (
    <Navigate to="/admin/dashboard" replace />
  );
}
const adminTable = [
  { errorElement: <RouteErrorScreen />, children: [...authRoutes, { path: "/*", element: <AdminHostRoutes /> }] },
];

const publicTable = [
  {
    errorElement: <RouteErrorScreen />,
    children: [
      {
        element: L(<PublicLayout />),
        children: [
          { path: "/", element: L(<LandingRoute />) },
          { path: "/terms", element: L(<TermsPage />) },
          { path: "/privacy", element: L(<PrivacyPage />) },
          { path: "/disclaimer", element: L(<DisclaimerPage />) },
          { path: "/pricing", element: L(<PricingRoute />) },
          { path: "/unlimited", element: L(<UnlimitedRoute />) },
          {
            path: "/checkout-confirmation",
            element: L(<CheckoutConfirmation />),
          },
        ],
      },
      ...authRoutes,
      { path: "/login", element: <Navigate to="/auth" replace /> },
      { path: "/resend-confirmation", element: <Navigate to="/auth/resend-confirmation" replace /> },
      { path: "/*", element: L(<App />) },
    ],
  },
];

export const router = createBrowserRouter(readBoot().domain === "admin" ? adminTable : publicTable);
