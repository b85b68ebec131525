/**
 * /courses/{id} and /course-detail/{id} (issue 15 §1): overview, learning objectives, modules and
 * lessons with durations, instructor, price or 'Included with Unlimited', days of access; preview
 * lessons open for anyone signed in; Enroll / Buy / Continue.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { BookOpen, CheckCircle2, Circle, ListChecks, PlayCircle } from "lucide-react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { Button, buttonClass } from "../../components/ui/button";
import { Badge, Spinner } from "../../components/ui/card";
import { useMe } from "../../lib/session";
import { toast } from "../../lib/toast";
import { type Checkout, getBillingConfig, startCheckout } from "../billing/api";
import { type CourseDetail, coursesApi, formatCoursePrice, formatDuration, lessonPath } from "./api";
import { ProgressBar } from "./progress-bar";

const PaymentDialog = lazy(() => import("../billing/payment-dialog"));

/** Buy one course (a PaymentIntent through the billing provider); hidden when payments are off. */
function BuyButton({ course }: { course: CourseDetail }) {
  const me = useMe();
  const config = useQuery({ queryKey: ["billing-config"], queryFn: getBillingConfig, staleTime: 5 * 60_000 });
  const [checkout, setCheckout] = useState<Checkout | null>(null);
  const start = useMutation({
    mutationFn: () => startCheckout({ purchaseType: "course", courseId: course.id }),
    onSuccess: setCheckout,
    onError: (e: Error) =>
      toast.add({ title: "Checkout Error", description: `Error: ${e.message}`, variant: "destructive" }),
  });
  if (!config.data?.configured || !config.data.publishableKey) return null;
  return (
    <>
      <Button onClick={() => start.mutate()} disabled={start.isPending}>
        Buy for {formatCoursePrice(course.price)}
      </Button>
      {checkout && (
        <Suspense fallback={null}>
          <PaymentDialog
            open
            onOpenChange={(o) => !o && setCheckout(null)}
            checkout={checkout}
            publishableKey={config.data.publishableKey}
            email={me.data?.user.email ?? ""}
            course={{ id: course.id, title: course.title }}
            basePriceCents={course.price ?? 0}
            onCoupon={async () => {}}
            referralField={false}
          />
        </Suspense>
      )}
    </>
  );
}

const KIND_ICON = { video: PlayCircle, reading: BookOpen, practice: ListChecks } as const;

export default function CourseDetailPage() {
  const { id = "" } = useParams();
  const detail = useQuery({ queryKey: ["course", id], queryFn: () => coursesApi.get(id) });
  if (detail.isPending) return <Spinner className="m-10 text-brand-700" />;
  if (detail.isError)
    return (
      <div className="mx-auto max-w-3xl">
        <p className="text-sm text-red-600">{detail.error.message}</p>
        <Link to="/courses" className="mt-3 inline-block text-sm font-medium text-brand-700 underline">
          All courses
        </Link>
      </div>
    );
  return <Detail course={detail.data} />;
}

/** The first lesson not completed (or the resume lesson), where Continue goes. */
function nextLesson(c: CourseDetail) {
  if (c.resume) return c.resume;
  for (const m of c.modules)
    for (const l of m.lessons)
      if (!l.progress.completed) return { courseId: c.id, moduleId: m.id, lessonId: l.id, title: l.title };
  const m = c.modules[0];
  const l = m?.lessons[0];
  return l ? { courseId: c.id, moduleId: m.id, lessonId: l.id, title: l.title } : null;
}

function Detail({ course: c }: { course: CourseDetail }) {
  const qc = useQueryClient();
  // "Preview as student" from the course editor (/admin/courses/{id}): every lesson opens.
  const [params] = useSearchParams();
  const me = useMe();
  const previewing = params.get("preview") === "student" && Boolean(me.data?.user?.isAdmin);
  const navigate = useNavigate();
  const soon = c.status === "coming_soon";
  const target = nextLesson(c);
  const enrolled = c.enrollment?.status === "active" && c.access.reason === "enrollment";
  const enroll = useMutation({
    mutationFn: () => coursesApi.enroll(c.id),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ["courses"] });
      void qc.invalidateQueries({ queryKey: ["course", c.id] });
      toast.add({ title: `Enrolled in ${c.title}`, variant: "success" });
      if (target) navigate(lessonPath(target));
    },
    onError: (e: Error) => toast.add({ title: "Could not enroll", description: e.message, variant: "destructive" }),
  });

  let action: React.ReactNode;
  if (soon) action = <p className="text-sm text-slate-600 dark:text-slate-300">This course is coming soon.</p>;
  else if (!c.access.hasAccess)
    action = (
      <div className="space-y-3">
        <p className="text-sm text-slate-700 dark:text-slate-200" data-testid="access-message">
          {c.access.message}
        </p>
        <div className="flex flex-wrap gap-2">
          {c.price ? <BuyButton course={c} /> : null}
          <Link to={`/settings?upgrade=unlimited`} className={buttonClass("outline")}>
            Upgrade to Unlimited
          </Link>
        </div>
      </div>
    );
  else if (c.enrollment?.status === "active" || c.progress.completed > 0 || c.resume)
    action = target && (
      <Link to={lessonPath(target)} className={buttonClass("primary")}>
        Continue
      </Link>
    );
  else
    action = (
      <Button onClick={() => enroll.mutate()} disabled={enroll.isPending}>
        {enroll.isPending ? "Enrolling…" : "Enroll"}
      </Button>
    );

  return (
    <div className="mx-auto max-w-4xl">
      <Link to="/courses" className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
        ← All courses
      </Link>
      {previewing && (
        <p
          role="status"
          className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-100"
          data-testid="student-preview"
        >
          Preview as student: this is the page students see
          {c.status === "published" ? "" : ` once the course is published (now ${c.status.replace("_", " ")})`}. Every
          lesson opens for you here.{" "}
          <Link to={`/admin/courses/${encodeURIComponent(c.id)}`} className="font-medium underline">
            Back to the editor
          </Link>
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {c.featured && (
          <Badge className="bg-amber-100 text-amber-900 dark:bg-amber-500/15 dark:text-amber-200">Featured</Badge>
        )}
        {soon && (
          <Badge className="bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100">Coming Soon</Badge>
        )}
        {enrolled && (
          <Badge className="bg-emerald-100 text-emerald-900 dark:bg-emerald-500/15 dark:text-emerald-200">
            Enrolled
          </Badge>
        )}
        <Badge>{c.format}</Badge>
      </div>
      <h1 className="mt-2 text-2xl font-bold tracking-tight">{c.title}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{c.overview}</p>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-500 dark:text-slate-400">Instructor</dt>
          <dd className="font-medium">{c.instructor || "—"}</dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">Price</dt>
          <dd className="font-medium">
            {c.price ? `${formatCoursePrice(c.price)} · Included with Unlimited` : "Free"}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">Access</dt>
          <dd className="font-medium">{c.daysOfAccess ? `${c.daysOfAccess} days from purchase` : "No end date"}</dd>
        </div>
      </dl>
      <div className="mt-5 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        {c.access.hasAccess && !soon && (
          <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">{c.access.message}</p>
        )}
        {action}
        {c.progress.total > 0 && c.access.hasAccess && (
          <ProgressBar
            className="mt-4"
            label="Course progress"
            percent={c.progress.percent}
            text={`${c.progress.completed} of ${c.progress.total} lessons complete`}
          />
        )}
      </div>
      {c.objectives.length > 0 && (
        <section className="mt-6" aria-labelledby="objectives">
          <h2 id="objectives" className="text-lg font-semibold">
            What you will learn
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
            {c.objectives.map((o) => (
              <li key={o}>{o}</li>
            ))}
          </ul>
        </section>
      )}
      <section className="mt-6" aria-labelledby="modules">
        <h2 id="modules" className="text-lg font-semibold">
          Modules and lessons
        </h2>
        <ol className="mt-3 space-y-4">
          {c.modules.map((m, mi) => (
            <li key={m.id} className="rounded-xl border border-slate-200 dark:border-slate-800">
              <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
                <h3 className="font-semibold">
                  {mi + 1}. {m.title}
                </h3>
                <span className="text-xs text-slate-500 dark:text-slate-400">
                  {m.progress.completed}/{m.progress.total} complete
                </span>
              </div>
              <ol className="divide-y divide-slate-100 dark:divide-slate-800">
                {m.lessons.map((l) => {
                  const Icon = KIND_ICON[l.kind];
                  const open = previewing || (!soon && (c.access.hasAccess || l.isPreview));
                  const inner = (
                    <>
                      {l.progress.completed ? (
                        <CheckCircle2 className="h-4 w-4 shrink-0 text-emerald-600" aria-label="Completed" />
                      ) : (
                        <Circle className="h-4 w-4 shrink-0 text-slate-300" aria-hidden />
                      )}
                      <Icon className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
                      <span className="min-w-0 flex-1 truncate">{l.title}</span>
                      {l.isPreview && !c.access.hasAccess && (
                        <Badge className="bg-brand-50 text-brand-800 dark:bg-brand-500/15 dark:text-brand-200">
                          Preview
                        </Badge>
                      )}
                      <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">
                        {formatDuration(l.durationS)}
                      </span>
                    </>
                  );
                  return (
                    <li key={l.id}>
                      {open ? (
                        <Link
                          to={lessonPath({ courseId: c.id, moduleId: m.id, lessonId: l.id })}
                          className="flex items-center gap-2 px-4 py-2 text-sm hover:bg-slate-50 dark:hover:bg-slate-800/50"
                        >
                          {inner}
                        </Link>
                      ) : (
                        <div className="flex items-center gap-2 px-4 py-2 text-sm text-slate-500">{inner}</div>
                      )}
                    </li>
                  );
                })}
              </ol>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
