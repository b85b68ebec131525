/**
 * /courses (issue 15 §1): 'My courses' with progress and 'Continue where you left off', then the
 * catalog with search, subject filter, Featured first and status badges. A Coming Soon course is
 * listed but not enterable.
 */
import { useQuery } from "@tanstack/react-query";
import { GraduationCap, PlayCircle, Search } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { buttonClass } from "../../components/ui/button";
import { Badge, Spinner } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Select, SubjectOptions } from "../../components/ui/select";
import { useSubjects } from "../case-law/case-law-ui";
import { type CourseSummary, coursesApi, formatCoursePrice, formatDuration, lessonPath } from "./api";
import { ProgressBar } from "./progress-bar";

export default function CatalogPage() {
  const [search, setSearch] = useState("");
  const [q, setQ] = useState("");
  const [subject, setSubject] = useState("");
  const { data: subjects } = useSubjects();
  useEffect(() => {
    const t = setTimeout(() => setQ(search.trim()), 250);
    return () => clearTimeout(t);
  }, [search]);
  const all = useQuery({ queryKey: ["courses", {}], queryFn: () => coursesApi.list({}) });
  const list = useQuery({ queryKey: ["courses", { q, subject }], queryFn: () => coursesApi.list({ q, subject }) });
  const mine = (all.data ?? [])
    .filter((c) => c.enrollment || c.progress.completed > 0 || c.resume)
    .sort((a, b) => (b.lastActivityAt ?? "").localeCompare(a.lastActivityAt ?? ""));
  const resume = mine.find((c) => c.resume);

  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-bold tracking-tight">Courses</h1>
      {resume?.resume && (
        <Link
          to={lessonPath(resume.resume)}
          className="mt-5 flex items-center gap-3 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 hover:border-brand-400 dark:border-brand-500/30 dark:bg-brand-500/10"
        >
          <PlayCircle className="h-6 w-6 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden />
          <span className="min-w-0">
            <span className="block text-sm font-semibold">Continue where you left off</span>
            <span className="block truncate text-sm text-slate-600 dark:text-slate-300">
              {resume.title} · {resume.resume.title}
            </span>
          </span>
        </Link>
      )}
      {mine.length > 0 && (
        <section aria-labelledby="my-courses" className="mt-6">
          <h2 id="my-courses" className="text-lg font-semibold">
            My courses
          </h2>
          <ul className="mt-3 grid gap-3 sm:grid-cols-2">
            {mine.map((c) => (
              <li
                key={c.id}
                className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
              >
                <Link to={`/courses/${c.id}`} className="font-semibold hover:text-brand-700">
                  {c.title}
                </Link>
                <ProgressBar
                  className="mt-3"
                  label={`${c.title} progress`}
                  percent={c.progress.percent}
                  text={`${c.progress.completed} of ${c.progress.total} lessons`}
                />
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="catalog" className="mt-8">
        <h2 id="catalog" className="text-lg font-semibold">
          Catalog
        </h2>
        <div className="mt-3 flex flex-wrap gap-3">
          <div className="relative min-w-0 flex-1 basis-full sm:basis-auto">
            <Search className="pointer-events-none absolute left-3 top-2.5 h-4 w-4 text-slate-400" aria-hidden />
            <Input
              aria-label="Search courses"
              placeholder="Search courses"
              className="pl-9"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <Select label="Subject" value={subject} onChange={setSubject} className="basis-full sm:basis-56">
            <SubjectOptions subjects={subjects} empty="All subjects" />
          </Select>
        </div>
        {list.isPending ? (
          <Spinner className="m-10 text-brand-700" />
        ) : list.isError ? (
          <p className="mt-6 text-sm text-red-600">{list.error.message}</p>
        ) : !list.data.length ? (
          <p className="mt-8 text-center text-sm text-slate-500 dark:text-slate-400">No course matches.</p>
        ) : (
          <ul className="mt-4 grid gap-4 md:grid-cols-2" data-testid="course-catalog">
            {list.data.map((c) => (
              <CourseCard key={c.id} course={c} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function CourseCard({ course: c }: { course: CourseSummary }) {
  const soon = c.status === "coming_soon";
  return (
    <li
      className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      data-testid="course-card"
    >
      <div className="flex flex-wrap items-center gap-2">
        <GraduationCap className="h-5 w-5 text-brand-700 dark:text-brand-300" aria-hidden />
        {c.featured && (
          <Badge className="bg-amber-100 text-amber-900 dark:bg-amber-500/15 dark:text-amber-200">Featured</Badge>
        )}
        {soon && (
          <Badge className="bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100">Coming Soon</Badge>
        )}
        {c.enrollment?.status === "active" && (
          <Badge className="bg-emerald-100 text-emerald-900 dark:bg-emerald-500/15 dark:text-emerald-200">
            Enrolled
          </Badge>
        )}
        <Badge>{c.format}</Badge>
      </div>
      <h3 className="mt-3 text-base font-semibold">
        {soon ? (
          c.title
        ) : (
          <Link to={`/courses/${c.id}`} className="hover:text-brand-700">
            {c.title}
          </Link>
        )}
      </h3>
      <p className="mt-1 line-clamp-3 text-sm text-slate-600 dark:text-slate-300">{c.overview}</p>
      <p className="mt-3 text-xs text-slate-500 dark:text-slate-400">
        {[
          `${c.lessonCount} lessons`,
          formatDuration(c.durationS),
          c.price ? `${formatCoursePrice(c.price)} or included with Unlimited` : "Free",
        ]
          .filter(Boolean)
          .join(" · ")}
      </p>
      {c.progress.completed > 0 && (
        <ProgressBar
          className="mt-3"
          label={`${c.title} progress`}
          percent={c.progress.percent}
          text={`${c.progress.percent}% complete`}
        />
      )}
      <div className="mt-4">
        {soon ? (
          <span className="text-sm text-slate-500 dark:text-slate-400">Not open yet</span>
        ) : (
          <Link to={`/courses/${c.id}`} className={buttonClass("secondary", "sm")}>
            View course
          </Link>
        )}
      </div>
    </li>
  );
}
