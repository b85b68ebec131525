/**
 * The /admin route table (SPEC.md §2.5), built from the page registry: every page behind the
 * admin guard (admin-layout.tsx); /admin and any unknown /admin path → /admin/dashboard.
 * Loaded lazily, so the student app's chunks carry none of the console.
 */
import { Suspense } from "react";
import { Navigate, Route, Routes } from "react-router";
import { Spinner } from "../../components/ui/card";
import { ProtectedGate } from "../shell/gate";
import { AdminLayout } from "./admin-layout";
import { ADMIN_PAGES } from "./registry";

export default function AdminRoutes() {
  return (
    <ProtectedGate>
      <Routes>
        <Route element={<AdminLayout />}>
          <Route index element={<Navigate to="/admin/dashboard" replace />} />
          {ADMIN_PAGES.map((p) => (
            <Route
              key={p.path}
              path={p.path}
              element={
                <Suspense fallback={<Spinner className="m-6" />}>
                  <p.component />
                </Suspense>
              }
            />
          ))}
          <Route path="*" element={<Navigate to="/admin/dashboard" replace />} />
        </Route>
      </Routes>
    </ProtectedGate>
  );
}
