/**
 * /admin/courses (SPEC.md §2.5; issue 15 §4): every course whatever its status, with its modules,
 * lessons and enrolled students, and a form that creates a Draft course and opens its editor.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "../../../components/ui/button";
import { Badge, Card, Spinner } from "../../../components/ui/card";
import { Field, Input } from "../../../components/ui/input";
import { formatCoursePrice } from "../api";
import { editorApi } from "./api";
import { StatusBadge } from "./status-badge";

export default function AdminCoursesPage() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const list = useQuery({ queryKey: ["admin-courses"], queryFn: editorApi.list });
  const [title, setTitle] = useState("");
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => editorApi.create({ title: title.trim() }),
    onSuccess: (c) => {
      void qc.invalidateQueries({ queryKey: ["admin-courses"] });
      navigate(`/admin/courses/${encodeURIComponent(c.id)}`);
    },
    onError: (e: Error) => setError(e.message),
  });
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Courses</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600 dark:text-slate-400">
          Build and publish video courses. A new course starts as a Draft that only administrators see.
        </p>
      </div>
      <Card className="p-5">
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            setError(null);
            if (!title.trim()) return setError("Give the course a title.");
            create.mutate();
          }}
        >
          <div className="min-w-64 flex-1">
            <Field label="New course title" htmlFor="new-course-title" error={error}>
              <Input
                id="new-course-title"
                value={title}
                maxLength={200}
                onChange={(e) => setTitle(e.target.value)}
                placeholder="e.g. Evidence: Hearsay in Six Steps"
                aria-invalid={Boolean(error)}
              />
            </Field>
          </div>
          <Button type="submit" disabled={create.isPending}>
            <Plus className="h-4 w-4" aria-hidden /> {create.isPending ? "Creating…" : "Create course"}
          </Button>
        </form>
      </Card>
      {list.isPending ? (
        <Spinner className="m-6 text-brand-700" />
      ) : list.isError ? (
        <p className="text-sm text-red-600" role="alert">
          {list.error.message}
        </p>
      ) : (
        <Card className="overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Courses</caption>
            <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500 dark:border-slate-800">
              <tr>
                <th className="px-4 py-2 font-medium">Title</th>
                <th className="px-4 py-2 font-medium">Status</th>
                <th className="px-4 py-2 font-medium">Price</th>
                <th className="px-4 py-2 text-right font-medium">Modules</th>
                <th className="px-4 py-2 text-right font-medium">Lessons</th>
                <th className="px-4 py-2 text-right font-medium">Enrolled</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((c) => (
                <tr key={c.id} className="border-b border-slate-100 last:border-0 dark:border-slate-800/60">
                  <td className="px-4 py-2.5">
                    <Link
                      to={`/admin/courses/${encodeURIComponent(c.id)}`}
                      className="font-medium text-brand-700 hover:underline dark:text-brand-300"
                    >
                      {c.title}
                    </Link>
                    <span className="ml-2 inline-flex gap-1">
                      {c.featured && <Badge className="bg-amber-100 text-amber-900">Featured</Badge>}
                      {c.isOfficial && <Badge>Official</Badge>}
                    </span>
                  </td>
                  <td className="px-4 py-2.5">
                    <StatusBadge status={c.status} />
                  </td>
                  <td className="px-4 py-2.5">{formatCoursePrice(c.price)}</td>
                  <td className="px-4 py-2.5 text-right tabular-nums">{c.moduleCount}</td>
                  <td className="px-4 py-2.5 text-right tabular-nums">{c.lessonCount}</td>
                  <td className="px-4 py-2.5 text-right tabular-nums">{c.enrollmentCount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
    </div>
  );
}
