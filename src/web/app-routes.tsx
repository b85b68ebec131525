/** The signed-in application's routes (SPEC.md §2.3–§2.5), loaded after sign-in. */
import { lazy, Suspense } from "react";
import { Navigate, Route, Routes } from "react-router";
import { Spinner } from "./components/ui/card";
import { SubjectPage, SubjectsPage, TopicPage } from "./features/content/content-pages";
import { ProvisionPage, ProvisionsPage } from "./features/content/provision-pages";
import { RoadmapPage, TestAuthPage } from "./features/shell/misc-pages";
import { ProtectedLayout } from "./features/shell/protected-layout";
import { FeaturePlaceholder, NotFoundPage } from "./features/shell/screens";
import { SettingsLayout } from "./features/settings/settings-layout";
import { ExamRoutes, FlashcardRoutes, QuizRoutes } from "./features/study/routes";

const ChatPage = lazy(() => import("./features/chat/chat-page"));
const SubscriptionPage = lazy(() => import("./features/billing/subscription-page"));
const AccountPage = lazy(() => import("./features/settings/account-page"));
const AppearancePage = lazy(() => import("./features/settings/appearance-page"));
const StatisticsPage = lazy(() => import("./features/settings/statistics-page"));
const NotesPage = lazy(() => import("./features/notes/notes-page"));
const OutlinesRoutes = lazy(() => import("./features/outlines/outlines-routes"));
const CaseLawPage = lazy(() => import("./features/case-law/case-law-pages").then((m) => ({ default: m.CaseLawPage })));
const CaseLawSearchPage = lazy(() =>
  import("./features/case-law/case-law-pages").then((m) => ({ default: m.CaseLawSearchPage })),
);
const OpinionPage = lazy(() => import("./features/case-law/opinion-page"));
const CasesPage = lazy(() => import("./features/briefs/cases-page").then((m) => ({ default: m.CasesPage })));
const NewBriefPage = lazy(() => import("./features/briefs/new-brief-page").then((m) => ({ default: m.NewBriefPage })));
const CaseBriefPage = lazy(() =>
  import("./features/briefs/case-brief-page").then((m) => ({ default: m.CaseBriefPage })),
);
const CollectionsPage = lazy(() => import("./features/collections/collections-page"));
const AdminRoutes = lazy(() => import("./features/admin/admin-routes"));
const CoursesRoutes = lazy(() =>
  import("./features/courses/courses-routes").then((m) => ({ default: m.CoursesRoutes })),
);
const CourseDetailRoute = lazy(() =>
  import("./features/courses/courses-routes").then((m) => ({ default: m.CourseDetailRoute })),
);
const CourseContentRoutes = lazy(() =>
  import("./features/courses/courses-routes").then((m) => ({ default: m.CourseContentRoutes })),
);

const S = (el: React.ReactNode) => <Suspense fallback={<Spinner className="m-6" />}>{el}</Suspense>;

export default function AppRoutes() {
  return (
    <Routes>
      {/* The admin console (SPEC.md §2.5): its own frame and guard, pages from features/admin/registry. */}
      <Route path="admin/*" element={S(<AdminRoutes />)} />
      <Route element={<ProtectedLayout />}>
        <Route path="chat/:threadId?" element={S(<ChatPage />)} />
        <Route path="settings" element={<SettingsLayout />}>
          <Route index element={S(<SubscriptionPage />)} />
          <Route path="account" element={S(<AccountPage />)} />
          <Route path="appearance" element={S(<AppearancePage />)} />
          <Route path="statistics" element={S(<StatisticsPage />)} />
          <Route path="*" element={<Navigate to="/settings" replace />} />
        </Route>
        <Route path="roadmap" element={<RoadmapPage />} />
        <Route path="test-auth" element={<TestAuthPage />} />
        <Route path="library" element={<SubjectsPage />} />
        <Route path="library/topics/:topicId" element={<TopicPage />} />
        <Route path="library/provisions" element={<ProvisionsPage />} />
        <Route path="library/provisions/:provisionId" element={<ProvisionPage />} />
        <Route path="library/:subjectId" element={<SubjectPage />} />
        <Route path="cases" element={S(<CasesPage />)} />
        <Route path="cases/new" element={S(<NewBriefPage />)} />
        <Route path="cases/:briefId" element={S(<CaseBriefPage />)} />
        <Route path="case-collections" element={S(<CollectionsPage />)} />
        <Route path="case-collections/:collectionId" element={S(<CollectionsPage />)} />
        <Route path="case-law" element={S(<CaseLawPage />)} />
        <Route path="case-law/search" element={S(<CaseLawSearchPage />)} />
        <Route path="case-law/:id" element={S(<OpinionPage />)} />
        <Route path="notes" element={S(<NotesPage />)} />
        <Route path="notes/:noteId" element={S(<NotesPage />)} />
        <Route path="outlines/*" element={S(<OutlinesRoutes />)} />
        <Route path="flashcards/*" element={<FlashcardRoutes />} />
        <Route path="quiz/*" element={<QuizRoutes />} />
        <Route path="exam/*" element={<ExamRoutes />} />
        <Route path="courses/*" element={S(<CoursesRoutes />)} />
        <Route path="course/*" element={S(<CourseContentRoutes />)} />
        <Route path="course-detail/:id" element={S(<CourseDetailRoute />)} />
        <Route
          path="subscription/success"
          element={
            <FeaturePlaceholder title="Subscription" description="Online payment is not enabled on this server yet." />
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
