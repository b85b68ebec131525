/**
 * /admin/courses/{courseId} (SPEC.md §2.5; issue 15 §4): edit a course — title, slug, subjects,
 * overview, objectives, instructor, price in cents (shown in dollars), days of access, featured,
 * status (Published / Draft / Archived / Coming Soon) — its modules and lessons (outline-editor,
 * lesson-editor), "Preview as student", and delete (refused by the server for official courses
 * and courses with enrollments: archive those). Every write is audited on the server.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Eye } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { Button, buttonClass } from "../../../components/ui/button";
import { Card, Spinner } from "../../../components/ui/card";
import { Field, Input } from "../../../components/ui/input";
import { Select } from "../../../components/ui/select";
import { toast } from "../../../lib/toast";
import { useSubjects } from "../../case-law/case-law-ui";
import { type CourseFields, type EditorCourse, editorApi, type LessonFields, type LessonKind } from "./api";
import { LessonEditor } from "./lesson-editor";
import { type Order, OutlineEditor } from "./outline-editor";
import { StatusBadge } from "./status-badge";

const textarea =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 dark:border-slate-700 dark:bg-slate-900";

export default function CourseEditorPage() {
  const { courseId = "" } = useParams();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const key = ["admin-course", courseId];
  const q = useQuery({ queryKey: key, queryFn: () => editorApi.get(courseId) });
  const [selected, setSelected] = useState<string | null>(null);
  const write = useMutation({
    mutationFn: (fn: () => Promise<EditorCourse>) => fn(),
    onSuccess: (c) => {
      qc.setQueryData(key, c);
      void qc.invalidateQueries({ queryKey: ["admin-courses"] });
      void qc.invalidateQueries({ queryKey: ["course", c.id] });
    },
    onError: (e: Error) => {
      toast.add({ title: "Not saved", description: e.message, variant: "destructive" });
      void qc.invalidateQueries({ queryKey: key });
    },
  });
  const run = (fn: () => Promise<EditorCourse>, done?: string) =>
    write.mutate(fn, { onSuccess: () => done && toast.add({ title: done, variant: "success" }) });
  if (q.isPending) return <Spinner className="m-6 text-brand-700" />;
  if (q.isError)
    return (
      <div>
        <p className="text-sm text-red-600" role="alert">
          {q.error.message}
        </p>
        <Link to="/admin/courses" className="mt-2 inline-block text-sm underline">
          All courses
        </Link>
      </div>
    );
  const c = q.data;
  const onOrder = (order: Order) => {
    // Show the new order at once; the server's answer replaces it.
    const byId = new Map(c.modules.flatMap((m) => m.lessons).map((l) => [l.id, l]));
    const mods = new Map(c.modules.map((m) => [m.id, m]));
    qc.setQueryData(key, {
      ...c,
      modules: order.map((o) => ({
        ...mods.get(o.id)!,
        lessons: o.lessonIds.map((id) => ({ ...byId.get(id)!, moduleId: o.id })),
      })),
    });
    run(() => editorApi.order(c.id, order));
  };
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <Link to="/admin/courses" className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
            ← All courses
          </Link>
          <h1 className="mt-1 flex flex-wrap items-center gap-2 text-2xl font-bold tracking-tight">
            <span className="min-w-0 break-words">{c.title}</span> <StatusBadge status={c.status} />
          </h1>
          <p className="text-sm text-slate-500">/{c.slug}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={`/courses/${encodeURIComponent(c.id)}?preview=student`} className={buttonClass("outline")}>
            <Eye className="h-4 w-4" aria-hidden /> Preview as student
          </Link>
          <Button
            variant="destructive"
            onClick={() => {
              if (!window.confirm(`Delete ${c.title} with all its modules and lessons?`)) return;
              editorApi
                .remove(c.id)
                .then(() => {
                  toast.add({ title: `${c.title} deleted`, variant: "success" });
                  void qc.invalidateQueries({ queryKey: ["admin-courses"] });
                  navigate("/admin/courses");
                })
                .catch((e: Error) =>
                  toast.add({ title: "Not deleted", description: e.message, variant: "destructive" }),
                );
            }}
          >
            Delete
          </Button>
        </div>
      </div>
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[24rem_minmax(0,1fr)]">
        <CourseForm
          course={c}
          busy={write.isPending}
          onSave={(patch) => run(() => editorApi.update(c.id, patch), "Course saved")}
        />
        <OutlineEditor
          course={c}
          busy={write.isPending}
          selected={selected}
          onSelect={setSelected}
          onOrder={onOrder}
          onAddModule={(t) => run(() => editorApi.addModule(c.id, t))}
          onRenameModule={(id, t) => run(() => editorApi.renameModule(id, t))}
          onRemoveModule={(id, t) => {
            if (window.confirm(`Delete module ${t} and its lessons?`)) run(() => editorApi.removeModule(id));
          }}
          onAddLesson={(moduleId: string, title: string, kind: LessonKind) =>
            run(() => editorApi.addLesson(moduleId, { title, kind }))
          }
          renderLesson={(l) => (
            <LessonEditor
              lesson={l}
              courseId={c.id}
              busy={write.isPending}
              onSave={(patch: LessonFields) => run(() => editorApi.updateLesson(l.id, patch), "Lesson saved")}
              onRemove={() => {
                if (!window.confirm(`Delete lesson ${l.title}?`)) return;
                setSelected(null);
                run(() => editorApi.removeLesson(l.id));
              }}
            />
          )}
        />
      </div>
    </div>
  );
}

function CourseForm({
  course: c,
  busy,
  onSave,
}: {
  course: EditorCourse;
  busy: boolean;
  onSave: (p: CourseFields) => void;
}) {
  const { data: subjects } = useSubjects();
  const init = () => ({
    title: c.title,
    slug: c.slug,
    subjectIds: c.subjectIds,
    overview: c.overview,
    objectives: c.objectives.join("\n"),
    instructor: c.instructor,
    price: c.price ? (c.price / 100).toFixed(2) : "",
    daysOfAccess: c.daysOfAccess ? String(c.daysOfAccess) : "",
    featured: c.featured,
    status: c.status,
  });
  const [f, setF] = useState(init);
  const [error, setError] = useState<string | null>(null);
  // Reset to the saved fields when they change on the server — not on a module or lesson save,
  // which would throw away what the admin is typing here.
  const saved = JSON.stringify([
    c.title,
    c.slug,
    c.subjectIds,
    c.overview,
    c.objectives,
    c.instructor,
    c.price,
    c.daysOfAccess,
    c.featured,
    c.status,
  ]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `saved` stands for the fields init() reads
  useEffect(() => setF(init()), [saved]);
  const set = <K extends keyof typeof f>(k: K, v: (typeof f)[K]) => setF((x) => ({ ...x, [k]: v }));
  const submit = () => {
    setError(null);
    const price = f.price.trim() ? Math.round(Number(f.price) * 100) : null;
    if (price !== null && (!Number.isFinite(price) || price < 0))
      return setError("Price: a number of dollars, e.g. 29 or 29.99.");
    const days = f.daysOfAccess.trim() ? Number.parseInt(f.daysOfAccess, 10) : null;
    if (days !== null && !(days >= 1 && days <= 3650))
      return setError("Days of access: 1 to 3650, or empty for no end.");
    onSave({
      title: f.title.trim(),
      slug: f.slug.trim(),
      subjectIds: f.subjectIds,
      overview: f.overview,
      objectives: f.objectives
        .split("\n")
        .map((s) => s.trim())
        .filter(Boolean),
      instructor: f.instructor,
      price,
      daysOfAccess: days,
      featured: f.featured,
      status: f.status,
    });
  };
  return (
    <Card className="h-fit p-4">
      <form
        className="space-y-3"
        aria-label="Course details"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Field label="Title" htmlFor="course-title">
          <Input
            id="course-title"
            value={f.title}
            required
            maxLength={200}
            onChange={(e) => set("title", e.target.value)}
          />
        </Field>
        <Field label="Slug" htmlFor="course-slug" hint="Lower-case words and hyphens; the course's address.">
          <Input
            id="course-slug"
            value={f.slug}
            required
            maxLength={80}
            onChange={(e) => set("slug", e.target.value)}
          />
        </Field>
        <Field label="Status" htmlFor="course-status">
          <Select id="course-status" value={f.status} onChange={(v) => set("status", v as EditorCourse["status"])}>
            <option value="draft">Draft (administrators only)</option>
            <option value="published">Published</option>
            <option value="coming_soon">Coming Soon (listed, not enterable)</option>
            <option value="archived">Archived (hidden)</option>
          </Select>
        </Field>
        <fieldset>
          <legend className="text-sm font-medium text-slate-700 dark:text-slate-300">Subjects</legend>
          <div className="mt-1.5 flex flex-wrap gap-x-3 gap-y-1">
            {subjects?.map((s) => (
              <label key={s.id} className="flex items-center gap-1.5 text-sm">
                <input
                  type="checkbox"
                  checked={f.subjectIds.includes(s.id)}
                  onChange={(e) =>
                    set(
                      "subjectIds",
                      e.target.checked ? [...f.subjectIds, s.id] : f.subjectIds.filter((x) => x !== s.id),
                    )
                  }
                />
                {s.name}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid grid-cols-2 gap-3">
          <Field label="Price (USD)" htmlFor="course-price" hint="Empty or 0: free">
            <Input
              id="course-price"
              inputMode="decimal"
              value={f.price}
              onChange={(e) => set("price", e.target.value)}
            />
          </Field>
          <Field label="Days of access" htmlFor="course-days" hint="Empty: no end">
            <Input
              id="course-days"
              inputMode="numeric"
              value={f.daysOfAccess}
              onChange={(e) => set("daysOfAccess", e.target.value)}
            />
          </Field>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={f.featured} onChange={(e) => set("featured", e.target.checked)} /> Featured
          (listed first)
        </label>
        <Field label="Instructor" htmlFor="course-instructor">
          <Input
            id="course-instructor"
            value={f.instructor}
            maxLength={200}
            onChange={(e) => set("instructor", e.target.value)}
          />
        </Field>
        <Field label="Overview" htmlFor="course-overview">
          <textarea
            id="course-overview"
            className={textarea}
            rows={4}
            maxLength={5000}
            value={f.overview}
            onChange={(e) => set("overview", e.target.value)}
          />
        </Field>
        <Field label="Learning objectives (one per line)" htmlFor="course-objectives">
          <textarea
            id="course-objectives"
            className={textarea}
            rows={4}
            value={f.objectives}
            onChange={(e) => set("objectives", e.target.value)}
          />
        </Field>
        {error && (
          <p className="text-sm text-red-600" role="alert">
            {error}
          </p>
        )}
        <Button type="submit" disabled={busy || !f.title.trim()}>
          Save course
        </Button>
      </form>
    </Card>
  );
}
