/**
 * The /outlines/* routes (SPEC.md §2.3): library and archive lists and the editor. Upload and
 * analyses (OutlineIQ, issue 16 §7) are not built yet and keep the 'coming soon' screen.
 */
import { lazy, Suspense } from "react";
import { Navigate, Route, Routes } from "react-router";
import { Spinner } from "../../components/ui/card";
import { placeholders } from "../shell/placeholders";

const Library = lazy(() => import("./library-page"));
const Editor = lazy(() => import("./editor-page"));

export default function OutlinesRoutes() {
  return (
    <Suspense fallback={<Spinner className="m-10 text-brand-700" />}>
      <Routes>
        <Route index element={<Navigate to="/outlines/library" replace />} />
        <Route path="library" element={<Library archived={false} />} />
        <Route path="archive" element={<Library archived />} />
        <Route path="upload" element={placeholders.outlines} />
        <Route path="analyses" element={placeholders.outlines} />
        <Route path=":outlineId" element={<Editor />} />
      </Routes>
    </Suspense>
  );
}
