/**
 * Course guard (SPEC.md §4; issue 15 §2) around /course/{courseId}/…: a spinner while loading; no
 * user → /auth?redirectTo={path} (the protected gate does the same for course paths, and sign-in
 * returns there); no access → /courses with a toast saying why and how to get access. A preview
 * lesson opens without access. Access is cached 360 minutes, not refetched on focus (SPEC.md §9);
 * enrolling or buying invalidates it. An administrator passes (preview as student from the course
 * editor; the server lets administrators read every lesson, decision 060).
 */
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { Navigate, useLocation, useParams } from "react-router";
import { Spinner } from "../../components/ui/card";
import { useMe } from "../../lib/session";
import { toast } from "../../lib/toast";
import { coursesApi } from "./api";

const ACCESS_CACHE_MS = 360 * 60_000;

export function useCourseAccess(courseId: string) {
  return useQuery({
    queryKey: ["course-access", courseId],
    queryFn: () => coursesApi.access(courseId),
    staleTime: ACCESS_CACHE_MS,
    gcTime: ACCESS_CACHE_MS,
    refetchOnWindowFocus: false,
  });
}

export function CourseGuard({ children }: { children: React.ReactNode }) {
  const { courseId = "", lessonId } = useParams();
  const location = useLocation();
  const me = useMe();
  const access = useCourseAccess(courseId);
  const detail = useQuery({
    queryKey: ["course", courseId],
    queryFn: () => coursesApi.get(courseId),
    enabled: access.data?.hasAccess === false && Boolean(lessonId),
  });
  const preview = lessonId && detail.data?.modules.some((m) => m.lessons.some((l) => l.id === lessonId && l.isPreview));
  const denied =
    access.isError ||
    (access.data?.hasAccess === false && (!lessonId || detail.isError || (detail.isSuccess && !preview)));
  useEffect(() => {
    if (!denied || me.data?.user?.isAdmin) return;
    toast.add({
      title: "You do not have access to this course",
      description: access.data?.message ?? access.error?.message ?? "We could not check your access.",
      variant: "destructive",
      durationMs: 10_000,
    });
  }, [denied, me.data?.user?.isAdmin, access.data?.message, access.error?.message]);

  if (me.isPending)
    return (
      <div className="flex justify-center p-10" role="status" aria-label="Loading">
        <Spinner className="h-8 w-8 text-brand-700" />
      </div>
    );
  if (!me.data?.user) {
    const from = location.pathname + location.search;
    return <Navigate to={`/auth?redirectTo=${encodeURIComponent(from)}`} replace />;
  }
  if (me.data.user.isAdmin) return <>{children}</>;
  if (denied) return <Navigate to="/courses" replace />;
  if (access.isPending || (access.data?.hasAccess === false && !preview))
    return (
      <div className="flex justify-center p-10" role="status" aria-label="Checking your access">
        <Spinner className="h-8 w-8 text-brand-700" />
      </div>
    );
  return <>{children}</>;
}
