/**
 * The course pages (SPEC.md §2.3): /courses/* (catalog, /courses/{id}), /course-detail/{id}, and
 * the guarded /course/{courseId}[/module/{moduleId}[/lesson/{lessonId}]] (course guard, §4).
 */
import { lazy, Suspense } from "react";
import { Route, Routes } from "react-router";
import { Spinner } from "../../components/ui/card";
import { CourseGuard } from "./course-guard";

const Catalog = lazy(() => import("./catalog-page"));
const Detail = lazy(() => import("./detail-page"));
const Player = lazy(() => import("./player-page"));
const Entry = lazy(() => import("./player-page").then((m) => ({ default: m.CourseEntry })));

const fallback = <Spinner className="m-10 text-brand-700" />;

/** /courses/* */
export function CoursesRoutes() {
  return (
    <Suspense fallback={fallback}>
      <Routes>
        <Route index element={<Catalog />} />
        <Route path=":id" element={<Detail />} />
      </Routes>
    </Suspense>
  );
}

/** /course-detail/:id */
export function CourseDetailRoute() {
  return (
    <Suspense fallback={fallback}>
      <Detail />
    </Suspense>
  );
}

/** /course/* — every page behind the course guard. */
export function CourseContentRoutes() {
  return (
    <Suspense fallback={fallback}>
      <Routes>
        <Route
          path=":courseId"
          element={
            <CourseGuard>
              <Entry />
            </CourseGuard>
          }
        />
        <Route
          path=":courseId/module/:moduleId"
          element={
            <CourseGuard>
              <Entry />
            </CourseGuard>
          }
        />
        <Route
          path=":courseId/module/:moduleId/lesson/:lessonId"
          element={
            <CourseGuard>
              <Player />
            </CourseGuard>
          }
        />
      </Routes>
    </Suspense>
  );
}
