/** Courses API client (contract: src/contract/courses.ts; server: src/server/features/courses). */
import type { coursesApi as contract } from "../../../contract/courses";
import type { ResponseOf } from "../../../contract/route";
import { api } from "../../lib/api";

export type CourseSummary = ResponseOf<typeof contract.list>["courses"][number];
export type CourseDetail = ResponseOf<typeof contract.get>["course"];
export type CourseAccess = ResponseOf<typeof contract.access>;
export type Lesson = ResponseOf<typeof contract.lesson>["lesson"];
export type LessonProgress = ResponseOf<typeof contract.progress>["progress"];
export type AnswerResult = ResponseOf<typeof contract.answer>;

const enc = encodeURIComponent;

export const coursesApi = {
  list: (p: { q?: string; subject?: string }) => {
    const qs = new URLSearchParams({ ...(p.q ? { q: p.q } : {}), ...(p.subject ? { subject: p.subject } : {}) });
    return api<{ courses: CourseSummary[] }>(`/api/courses?${qs}`).then((r) => r.courses);
  },
  get: (id: string) => api<{ course: CourseDetail }>(`/api/courses/${enc(id)}`).then((r) => r.course),
  access: (id: string) => api<CourseAccess>(`/api/courses/${enc(id)}/access`),
  enroll: (id: string) => api<ResponseOf<typeof contract.enroll>>(`/api/courses/${enc(id)}/enroll`, { method: "POST" }),
  lesson: (courseId: string, lessonId: string) =>
    api<{ lesson: Lesson }>(`/api/courses/${enc(courseId)}/lessons/${enc(lessonId)}`).then((r) => r.lesson),
  progress: (lessonId: string, body: { positionS: number; completed?: boolean }) =>
    api<{ progress: LessonProgress }>(`/api/lessons/${enc(lessonId)}/progress`, { method: "PUT", body }).then(
      (r) => r.progress,
    ),
  answer: (lessonId: string, body: { questionId: string; choice: string }) =>
    api<AnswerResult>(`/api/lessons/${enc(lessonId)}/answers`, { body }),
};

/** "1 h 05 min", "12 min", "45 s". */
export function formatDuration(s: number | null | undefined): string {
  if (!s) return "";
  if (s < 60) return `${Math.round(s)} s`;
  const m = Math.round(s / 60);
  return m >= 60 ? `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, "0")} min` : `${m} min`;
}

/** "$29", "Free". */
export function formatCoursePrice(cents: number | null): string {
  if (!cents) return "Free";
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: cents % 100 ? 2 : 0,
  }).format(cents / 100);
}

/** The player path of a lesson (SPEC.md §2.3). */
export const lessonPath = (r: { courseId: string; moduleId: string; lessonId: string }) =>
  `/course/${enc(r.courseId)}/module/${enc(r.moduleId)}/lesson/${enc(r.lessonId)}`;
