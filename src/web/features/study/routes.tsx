/**
 * Study mode's pages (issue 6), one lazy chunk per page: /flashcards/* and /quiz/*.
 * The sidebar's Study entry is /flashcards/study (active for any /flashcards or /quiz path).
 * SPEC.md §6 (issue 12 item 22): flashcards, quizzes and the question bank are Unlimited (and
 * Trial) only, as the server enforces: on Free every study page is the upgrade card, as on /notes.
 */
import { lazy, type ReactNode, Suspense } from "react";
import { Navigate, Route, Routes } from "react-router";
import { Spinner } from "../../components/ui/card";
import { useMe } from "../../lib/session";
import { NotFoundPage } from "../shell/screens";
import { StudyUpgrade } from "./components/study-ui";

const StudyHome = lazy(() => import("./study-home"));
const StudySession = lazy(() => import("./study-session"));
const DecksPage = lazy(() => import("./decks-page").then((m) => ({ default: m.DecksPage })));
const DeckPage = lazy(() => import("./deck-page").then((m) => ({ default: m.DeckPage })));
const SettingsPage = lazy(() => import("./settings-page"));
const StatsPage = lazy(() => import("./stats-page"));
const PlanPage = lazy(() => import("./plan-page"));
const GeneratePage = lazy(() => import("./generate-page"));
const BankPage = lazy(() => import("./bank-page"));
const QuizSetupPage = lazy(() => import("./quiz-setup-page").then((m) => ({ default: m.QuizSetupPage })));
const QuizPlayerPage = lazy(() => import("./quiz-player-page").then((m) => ({ default: m.QuizPlayerPage })));
const SetsPage = lazy(() => import("../nextgen/sets-page"));
const SetPlayerPage = lazy(() => import("../nextgen/set-player-page").then((m) => ({ default: m.SetPlayerPage })));
const TasksPage = lazy(() => import("../nextgen/tasks-page"));
const TaskWorkspacePage = lazy(() =>
  import("../nextgen/task-workspace-page").then((m) => ({ default: m.TaskWorkspacePage })),
);
const ExamSetupPage = lazy(() => import("./exam-pages").then((m) => ({ default: m.ExamSetupPage })));
const ExamSessionPage = lazy(() => import("./exam-pages").then((m) => ({ default: m.ExamSessionPage })));
const ExamReportPage = lazy(() => import("./exam-pages").then((m) => ({ default: m.ExamReportPage })));
const QuizResultsPage = lazy(() => import("./quiz-results-page").then((m) => ({ default: m.QuizResultsPage })));

const S = (el: React.ReactNode) => <Suspense fallback={<Spinner className="m-10 text-brand-700" />}>{el}</Suspense>;

/** The study pages for a plan with flashcards; the upgrade card on Free. */
function StudyGate({ children }: { children: ReactNode }) {
  const { data: me, isPending } = useMe();
  if (isPending) return <Spinner className="m-10 text-brand-700" />;
  if (me && !me.features.flashcards)
    return (
      <div className="mx-auto max-w-3xl">
        <h1 className="text-2xl font-bold tracking-tight">Study</h1>
        <div className="mt-8">
          <StudyUpgrade title="Flashcards and the question bank are part of Unlimited">
            Your plan includes 10 AI chat messages a month and the case briefs. Upgrade to Unlimited (or start from a
            trial) for official and your own flashcards scheduled by spaced repetition, quizzes and the practice
            question bank.
          </StudyUpgrade>
        </div>
      </div>
    );
  return <>{children}</>;
}

/** Mounted at /flashcards/*. */
export function FlashcardRoutes() {
  return (
    <StudyGate>
      <Routes>
        <Route index element={<Navigate to="/flashcards/study" replace />} />
        <Route path="study" element={S(<StudyHome />)} />
        <Route path="study/session" element={S(<StudySession />)} />
        <Route path="decks" element={S(<DecksPage />)} />
        <Route path="decks/:deckId" element={S(<DeckPage />)} />
        <Route path="settings" element={S(<SettingsPage />)} />
        <Route path="stats" element={S(<StatsPage />)} />
        <Route path="plan" element={S(<PlanPage />)} />
        <Route path="generate" element={S(<GeneratePage />)} />
        <Route path="questions" element={S(<BankPage />)} />
        <Route path="integrated-sets" element={S(<SetsPage />)} />
        <Route path="integrated-sets/:id" element={S(<SetPlayerPage />)} />
        <Route path="performance-tasks" element={S(<TasksPage />)} />
        <Route path="performance-tasks/:id" element={S(<TaskWorkspacePage />)} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </StudyGate>
  );
}

/** Mounted at /quiz/*: /quiz (the player, ?id=), /quiz/setup, /quiz/results/:id. */
export function QuizRoutes() {
  return (
    <StudyGate>
      <Routes>
        <Route index element={S(<QuizPlayerPage />)} />
        <Route path="setup" element={S(<QuizSetupPage />)} />
        <Route path="results/:id" element={S(<QuizResultsPage />)} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </StudyGate>
  );
}

/** Mounted at /exam/*: NextGen exam mode — /exam (setup), /exam/:id (session), /exam/:id/report. */
export function ExamRoutes() {
  return (
    <StudyGate>
      <Routes>
        <Route index element={S(<ExamSetupPage />)} />
        <Route path=":id" element={S(<ExamSessionPage />)} />
        <Route path=":id/report" element={S(<ExamReportPage />)} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </StudyGate>
  );
}
