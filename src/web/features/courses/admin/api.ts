/**
 * Course editor API client (contract: src/contract/course-editor.ts and the media routes of
 * src/contract/courses.ts; server: src/server/features/courses/course-editor.*, video-upload.ts).
 * `uploadVideo` is the resumable tus upload (tus-js-client): 8 MB chunks, retried and resumed
 * after a network error, with progress.
 */
import type { courseEditorApi as contract } from "../../../../contract/course-editor";
import type { ResponseOf } from "../../../../contract/route";
import { ApiError, api } from "../../../lib/api";

export type AdminCourseRow = ResponseOf<typeof contract.list>["courses"][number];
export type EditorCourse = ResponseOf<typeof contract.get>["course"];
export type EditorModule = EditorCourse["modules"][number];
export type EditorLesson = EditorModule["lessons"][number];
export type CourseStatus = EditorCourse["status"];
export type LessonKind = EditorLesson["kind"];

export const STATUS_LABEL: Record<CourseStatus, string> = {
  published: "Published",
  draft: "Draft",
  archived: "Archived",
  coming_soon: "Coming Soon",
};
export const KIND_LABEL: Record<LessonKind, string> = { video: "Video", reading: "Reading", practice: "Practice" };

const enc = encodeURIComponent;
const course = (r: { course: EditorCourse }) => r.course;

export type CourseFields = Partial<
  Pick<
    EditorCourse,
    | "title"
    | "slug"
    | "subjectIds"
    | "overview"
    | "objectives"
    | "instructor"
    | "price"
    | "daysOfAccess"
    | "featured"
    | "status"
  >
>;
export type LessonFields = Partial<
  Pick<EditorLesson, "title" | "kind" | "isPreview" | "body" | "videoUrl" | "durationS" | "questionIds">
>;

export const editorApi = {
  list: () => api<{ courses: AdminCourseRow[] }>("/api/admin/courses").then((r) => r.courses),
  create: (body: CourseFields & { title: string }) =>
    api<{ course: EditorCourse }>("/api/admin/courses", { body }).then(course),
  get: (id: string) => api<{ course: EditorCourse }>(`/api/admin/courses/${enc(id)}`).then(course),
  update: (id: string, body: CourseFields) =>
    api<{ course: EditorCourse }>(`/api/admin/courses/${enc(id)}`, { method: "PATCH", body }).then(course),
  remove: (id: string) => api<{ deleted: true }>(`/api/admin/courses/${enc(id)}`, { method: "DELETE" }),
  addModule: (id: string, title: string) =>
    api<{ course: EditorCourse }>(`/api/admin/courses/${enc(id)}/modules`, { body: { title } }).then(course),
  renameModule: (id: string, title: string) =>
    api<{ course: EditorCourse }>(`/api/admin/course-modules/${enc(id)}`, { method: "PATCH", body: { title } }).then(
      course,
    ),
  removeModule: (id: string) =>
    api<{ course: EditorCourse }>(`/api/admin/course-modules/${enc(id)}`, { method: "DELETE" }).then(course),
  addLesson: (moduleId: string, body: { title: string; kind: LessonKind }) =>
    api<{ course: EditorCourse }>(`/api/admin/course-modules/${enc(moduleId)}/lessons`, { body }).then(course),
  updateLesson: (id: string, body: LessonFields) =>
    api<{ course: EditorCourse }>(`/api/admin/lessons/${enc(id)}`, { method: "PATCH", body }).then(course),
  removeLesson: (id: string) =>
    api<{ course: EditorCourse }>(`/api/admin/lessons/${enc(id)}`, { method: "DELETE" }).then(course),
  order: (id: string, modules: { id: string; lessonIds: string[] }[]) =>
    api<{ course: EditorCourse }>(`/api/admin/courses/${enc(id)}/order`, { method: "PUT", body: { modules } }).then(
      course,
    ),
  transcript: (lessonId: string, text: string) =>
    api(`/api/admin/lessons/${enc(lessonId)}/transcript`, { method: "PUT", body: { text } }),
  /** WebVTT captions as the raw body; the transcript is rebuilt from them. */
  captions: (lessonId: string, file: File) =>
    putRaw(`/api/admin/lessons/${enc(lessonId)}/captions?transcript=build`, "text/vtt", file),
  /** The lesson's poster frame (JPEG made in the browser, video-probe.ts), as the raw body. */
  poster: (lessonId: string, image: Blob) =>
    putRaw(`/api/admin/lessons/${enc(lessonId)}/poster`, image.type || "image/jpeg", image),
};

async function putRaw(url: string, contentType: string, body: Blob) {
  const res = await fetch(url, {
    method: "PUT",
    credentials: "same-origin",
    headers: { "content-type": contentType },
    body,
  });
  if (!res.ok) {
    const e = (await res.json().catch(() => null)) as { error?: { code: string; message: string } } | null;
    throw new ApiError(
      (e?.error?.code ?? `HTTP_${res.status}`) as never,
      e?.error?.message ?? res.statusText,
      res.status,
    );
  }
}

/** Largest chunk one PATCH carries; a failed chunk is resent from the server's offset. */
const CHUNK_BYTES = 8 * 1024 * 1024;

/**
 * Uploads `file` as the video of `lessonId` with tus; resolves with the id of the `courses.video`
 * job that stores it and reads its duration. `onProgress(sent, total)` in bytes. `signal` aborts
 * (the part sent so far stays on the server; the same file resumes where it stopped).
 * `durationS` (seconds, as the browser read it) is sent along; the server uses it when the file
 * carries no duration it can read (WebM; decision 069).
 */
export async function uploadVideo(
  lessonId: string,
  file: File,
  onProgress: (sent: number, total: number) => void,
  signal?: AbortSignal,
  durationS?: number | null,
): Promise<string> {
  const { Upload } = await import("tus-js-client");
  return new Promise((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: "/api/admin/course-uploads",
      chunkSize: CHUNK_BYTES,
      retryDelays: [0, 1000, 3000, 5000, 10000],
      metadata: {
        lessonId,
        filetype: file.type || "video/mp4",
        filename: file.name,
        ...(durationS ? { durationS: String(Math.round(durationS * 1000) / 1000) } : {}),
      },
      // Resume a file this browser already started for this lesson.
      fingerprint: async (f) => `lexmate-course-video:${lessonId}:${(f as File).name}:${(f as File).size}`,
      removeFingerprintOnSuccess: true,
      onProgress,
      onError: (e) => {
        const body = (e as { originalResponse?: { getBody(): string } }).originalResponse?.getBody();
        reject(new Error(body || e.message));
      },
      onSuccess: (payload) => {
        const job = payload.lastResponse.getHeader("Lexmate-Job");
        if (job) resolve(job);
        else reject(new Error("The server did not start storing the video. Try again."));
      },
    });
    signal?.addEventListener("abort", () => {
      void upload.abort();
      reject(new DOMException("Upload paused", "AbortError"));
    });
    void upload.findPreviousUploads().then((previous) => {
      if (previous.length) upload.resumeFromPreviousUpload(previous[0]);
      upload.start();
    });
  });
}
