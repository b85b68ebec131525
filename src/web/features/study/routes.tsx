/**
 * Study mode's pages (issue 6), one lazy chunk per page: /flashcards/* and /quiz/*.
 * The sidebar's Study entry is /flashcards/study (active for any /flashcards or /quiz path).
 */
import { lazy, Suspense } from "react";
import { Navigate, Route, Routes } from "react-router";
import { Spinner } from "../../components/ui/card";
import { NotFoundPage } from "../shell/screens";

const StudyHome = lazy(() => import("./study-home"));
const StudySession = lazy(() => import("./study-session"));
const DecksPage = lazy(() => import("./decks-page").then((m) => ({ default: m.DecksPage })));
const DeckPage = lazy(() => import("./deck-page").then((m) => ({ default: m.DeckPage })));
const SettingsPage = lazy(() => import("./settings-page"));
const StatsPage = lazy(() => import("./stats-page"));
const GeneratePage = lazy(() => import("./generate-page"));
const BankPage = lazy(() => import("./bank-page"));
const QuizSetupPage = lazy(() => import("./quiz-setup-page").then((m) => ({ default: m.QuizSetupPage })));
const QuizPlayerPage = lazy(() => import("./quiz-player-page").then((m) => ({ default: m.QuizPlayerPage })));
const QuizResultsPage = lazy(() => import("./quiz-results-page").then((m) => ({ default: m.QuizResultsPage })));

const S = (el: React.ReactNode) => <Suspense fallback={<Spinner className="m-10 text-brand-700" />}>{el}</Suspense>;

/** Mounted at /flashcards/*. */
export function FlashcardRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="/flashcards/study" replace />} />
      <Route path="study" element={S(<StudyHome />)} />
      <Route path="study/session" element={S(<StudySession />)} />
      <Route path="decks" element={S(<DecksPage />)} />
      <Route path="decks/:deckId" element={S(<DeckPage />)} />
      <Route path="settings" element={S(<SettingsPage />)} />
      <Route path="stats" element={S(<StatsPage />)} />
      <Route path="generate" element={S(<GeneratePage />)} />
      <Route path="questions" element={S(<BankPage />)} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

/** Mounted at /quiz/*: /quiz (the player, ?id=), /quiz/setup, /quiz/results/:id. */
export function QuizRoutes() {
  return (
    <Routes>
      <Route index element={S(<QuizPlayerPage />)} />
      <Route path="setup" element={S(<QuizSetupPage />)} />
      <Route path="results/:id" element={S(<QuizResultsPage />)} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
