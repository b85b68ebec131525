/**
 * The /outlines/* routes (SPEC.md §2.3): library and archive lists, the editor, and OutlineIQ:
 * upload (or import) a file and the analyses with their reports (issue 16 §5, §7).
 */
import { lazy, Suspense } from "react";
import { Navigate, Route, Routes } from "react-router";
import { Spinner } from "../../components/ui/card";

const Library = lazy(() => import("./library-page"));
const Editor = lazy(() => import("./editor-page"));
const Upload = lazy(() => import("./upload-page"));
const Analyses = lazy(() => import("./analyses-page").then((m) => ({ default: m.AnalysesListPage })));
const AnalysisReport = lazy(() => import("./analyses-page").then((m) => ({ default: m.AnalysisReportPage })));

export default function OutlinesRoutes() {
  return (
    <Suspense fallback={<Spinner className="m-10 text-brand-700" />}>
      <Routes>
        <Route index element={<Navigate to="/outlines/library" replace />} />
        <Route path="library" element={<Library archived={false} />} />
        <Route path="archive" element={<Library archived />} />
        <Route path="upload" element={<Upload />} />
        <Route path="analyses" element={<Analyses />} />
        <Route path="analyses/:analysisId" element={<AnalysisReport />} />
        <Route path=":outlineId" element={<Editor />} />
      </Routes>
    </Suspense>
  );
}
