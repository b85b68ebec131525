/** The signed-in application's routes (SPEC.md §2.3–§2.5), loaded after sign-in. */
import { lazy, Suspense } from "react";
import { Navigate, Route, Routes } from "react-router";
import { Spinner } from "./components/ui/card";
import { AdminDashboard, AdminGuard } from "./features/admin/admin-pages";
import { BriefPage, CasesPage, SubjectPage, SubjectsPage, TopicPage } from "./features/content/content-pages";
import { RoadmapPage, TestAuthPage } from "./features/shell/misc-pages";
import { ProtectedLayout } from "./features/shell/protected-layout";
import { FeaturePlaceholder, NotFoundPage } from "./features/shell/screens";
import { SettingsLayout } from "./features/settings/settings-layout";
import { placeholders } from "./router";

const SubscriptionPage = lazy(() => import("./features/settings/subscription-page"));
const AccountPage = lazy(() => import("./features/settings/account-page"));
const AppearancePage = lazy(() => import("./features/settings/appearance-page"));
const StatisticsPage = lazy(() => import("./features/settings/statistics-page"));

const S = (el: React.ReactNode) => <Suspense fallback={<Spinner className="m-6" />}>{el}</Suspense>;

export default function AppRoutes() {
  return (
    <Routes>
      <Route element={<ProtectedLayout />}>
        <Route path="chat" element={placeholders.chat} />
        <Route path="chat/:threadId" element={placeholders.chat} />
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
        <Route path="library/:subjectId" element={<SubjectPage />} />
        <Route path="cases" element={<CasesPage />} />
        <Route path="cases/:briefId" element={<BriefPage />} />
        <Route path="case-collections/*" element={placeholders.caseLaw} />
        <Route path="case-law/*" element={placeholders.caseLaw} />
        <Route path="notes/*" element={placeholders.notes} />
        <Route path="outlines" element={<Navigate to="/outlines/library" replace />} />
        <Route path="outlines/*" element={placeholders.outlines} />
        <Route path="flashcards/*" element={placeholders.study} />
        <Route path="quiz/*" element={placeholders.study} />
        <Route path="courses/*" element={placeholders.courses} />
        <Route path="course/*" element={placeholders.courses} />
        <Route path="course-detail/:id" element={placeholders.courses} />
        <Route path="subscription/success" element={<FeaturePlaceholder title="Subscription" description="Online payment is not enabled on this server yet." />} />
        <Route path="admin" element={<AdminGuard />}>
          <Route path="dashboard" element={<AdminDashboard />} />
          {["users", "security", "error-logs", "courses", "courses/:courseId", "flashcards", "outlines", "cases", "askjds", "settings", "price-mapping", "utilities", "set-admin", "batch-monitor"].map((p) => (
            <Route key={p} path={p} element={<FeaturePlaceholder title={`Admin: ${p.split("/")[0]}`} description="This admin page arrives with the admin console." />} />
          ))}
          <Route path="*" element={<Navigate to="/admin/dashboard" replace />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
