/**
 * Route table (SPEC.md §2). Public pages and the landing page load eagerly; everything behind
 * sign-in is split per route. Unknown settings sub-paths redirect to /settings; unknown admin
 * paths to /admin/dashboard.
 */
import { BookOpen, Brain, FileText, GraduationCap, Layers, MessageSquare } from "lucide-react";
import { lazy, Suspense } from "react";
import { createBrowserRouter, Navigate } from "react-router";
import { Spinner } from "./components/ui/card";
import LandingPage from "./features/public/landing-page";
import { PublicLayout } from "./features/public/public-layout";
import { FeaturePlaceholder, RouteErrorScreen } from "./features/shell/screens";

const AuthPage = lazy(() => import("./features/auth/auth-page"));
const TermsPage = lazy(() => import("./features/public/legal-pages").then((m) => ({ default: m.TermsPage })));
const PrivacyPage = lazy(() => import("./features/public/legal-pages").then((m) => ({ default: m.PrivacyPage })));
const DisclaimerPage = lazy(() => import("./features/public/legal-pages").then((m) => ({ default: m.DisclaimerPage })));
const CallbackPage = lazy(() => import("./features/auth/callback-page"));
const ResendPage = lazy(() => import("./features/auth/resend-page"));
const ResetPasswordPage = lazy(() => import("./features/auth/reset-password-page"));
const App = lazy(() => import("./app-routes"));

const fallback = (
  <div className="flex min-h-[50vh] items-center justify-center">
    <Spinner className="h-8 w-8 text-brand-700" />
  </div>
);
const L = (el: React.ReactNode) => <Suspense fallback={fallback}>{el}</Suspense>;

export const placeholders = {
  chat: <FeaturePlaceholder title="Chat" icon={MessageSquare} description="Ask legal questions and get answers that cite the topic, case or rule they come from." />,
  notes: <FeaturePlaceholder title="Notes" icon={FileText} description="A note editor with templates, tags and links to case briefs." />,
  outlines: <FeaturePlaceholder title="Outlines" icon={Layers} description="Drag-and-drop outlines built from your notes." />,
  study: <FeaturePlaceholder title="Study" icon={Brain} description="Flashcards with FSRS spaced repetition, generated cards, quizzes and the question bank." />,
  courses: <FeaturePlaceholder title="Courses" icon={GraduationCap} description="Structured video courses by subject, module and lesson." />,
  caseLaw: <FeaturePlaceholder title="Case law" icon={BookOpen} description="Full-text search and reading of court opinions, with your briefs beside them." />,
};

export const router = createBrowserRouter([
  {
    errorElement: <RouteErrorScreen />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: "/", element: <LandingPage /> },
          { path: "/terms", element: L(<TermsPage />) },
          { path: "/privacy", element: L(<PrivacyPage />) },
          { path: "/disclaimer", element: L(<DisclaimerPage />) },
          { path: "/pricing", element: <LandingPage /> },
          { path: "/unlimited", element: <LandingPage /> },
          { path: "/checkout-confirmation", element: <FeaturePlaceholder title="Checkout" description="Online payment is not enabled on this server yet." /> },
        ],
      },
      { path: "/auth", element: L(<AuthPage />) },
      { path: "/login", element: <Navigate to="/auth" replace /> },
      { path: "/auth/callback", element: L(<CallbackPage />) },
      { path: "/auth/resend-confirmation", element: L(<ResendPage />) },
      { path: "/resend-confirmation", element: <Navigate to="/auth/resend-confirmation" replace /> },
      { path: "/auth/reset-password", element: L(<ResetPasswordPage />) },
      { path: "/*", element: L(<App />) },
    ],
  },
]);

