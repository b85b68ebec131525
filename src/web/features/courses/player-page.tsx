/**
 * /course/{courseId}/module/{moduleId}/lesson/{lessonId} (SPEC.md §2.3; issue 15 §3): the lesson
 * player. Video lessons play in media-chrome (video-player.tsx), reading lessons render Markdown,
 * practice lessons answer bank questions inline. Previous / next lesson, 'Mark complete', module
 * and course progress. /course/{courseId} and /course/{courseId}/module/{moduleId} open the lesson
 * to continue with.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import { CheckCircle2, ChevronLeft, ChevronRight } from "lucide-react";
import { useCallback, useState } from "react";
import { Link, Navigate, useParams } from "react-router";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/card";
import { toast } from "../../lib/toast";
import { MessageMarkdown } from "../chat/message-markdown";
import { type AnswerResult, coursesApi, type Lesson, type LessonProgress, lessonPath } from "./api";
import { ProgressBar } from "./progress-bar";
import { VideoLesson } from "./video-player";

/** /course/{courseId}[/module/{moduleId}]: the lesson to continue with. */
export function CourseEntry() {
  const { courseId = "", moduleId } = useParams();
  const c = useQuery({ queryKey: ["course", courseId], queryFn: () => coursesApi.get(courseId) });
  if (c.isPending) return <Spinner className="m-10 text-brand-700" />;
  if (c.isError) return <p className="text-sm text-red-600">{c.error.message}</p>;
  const mods = moduleId ? c.data.modules.filter((m) => m.id === moduleId) : c.data.modules;
  const resume = !moduleId && c.data.resume;
  const first = mods.flatMap((m) => m.lessons).find((l) => !l.progress.completed) ?? mods.flatMap((m) => m.lessons)[0];
  if (resume) return <Navigate to={lessonPath(resume)} replace />;
  if (!first) return <Navigate to={`/courses/${courseId}`} replace />;
  return <Navigate to={lessonPath({ courseId, moduleId: first.moduleId, lessonId: first.id })} replace />;
}

export default function PlayerPage() {
  const { courseId = "", lessonId = "" } = useParams();
  const lesson = useQuery({
    queryKey: ["lesson", courseId, lessonId],
    queryFn: () => coursesApi.lesson(courseId, lessonId),
    refetchOnWindowFocus: false,
  });
  const course = useQuery({ queryKey: ["course", courseId], queryFn: () => coursesApi.get(courseId) });
  if (lesson.isPending) return <Spinner className="m-10 text-brand-700" />;
  if (lesson.isError) return <p className="text-sm text-red-600">{lesson.error.message}</p>;
  return <Player key={lessonId} lesson={lesson.data} courseTitle={course.data?.title ?? ""} />;
}

function Player({ lesson, courseTitle }: { lesson: Lesson; courseTitle: string }) {
  const qc = useQueryClient();
  const [progress, setProgress] = useState<Pick<LessonProgress, "completed"> & Partial<LessonProgress>>({
    completed: lesson.progress.completed,
  });
  const refresh = useCallback(() => {
    void qc.invalidateQueries({ queryKey: ["course", lesson.courseId] });
    void qc.invalidateQueries({ queryKey: ["courses"] });
  }, [qc, lesson.courseId]);
  const save = useMutation({
    mutationFn: (b: { positionS: number; completed?: boolean }) => coursesApi.progress(lesson.id, b),
    onSuccess: (p, b) => {
      setProgress(p);
      qc.setQueryData<Lesson>(["lesson", lesson.courseId, lesson.id], (old) =>
        old ? { ...old, progress: { positionS: p.positionS, completed: p.completed } } : old,
      );
      if (b.completed !== undefined) refresh();
      if (b.completed) toast.add({ title: "Lesson complete", variant: "success" });
    },
    onError: (e: Error) =>
      toast.add({ title: "Your progress was not saved", description: e.message, variant: "destructive" }),
  });
  const onPosition = useCallback((positionS: number) => save.mutate({ positionS }), [save.mutate]);
  const onComplete = useCallback((positionS: number) => save.mutate({ positionS, completed: true }), [save.mutate]);

  return (
    <div className="mx-auto max-w-6xl">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link
          to={`/courses/${lesson.courseId}`}
          className="font-medium text-brand-700 hover:underline dark:text-brand-300"
        >
          {courseTitle || "Course"}
        </Link>
      </nav>
      <h1 className="mt-1 text-xl font-bold tracking-tight sm:text-2xl">{lesson.title}</h1>
      <div className="mt-4">
        {lesson.kind === "video" && lesson.video ? (
          <VideoLesson lesson={lesson} completed={progress.completed} onPosition={onPosition} onComplete={onComplete} />
        ) : lesson.kind === "practice" ? (
          <Practice
            lesson={lesson}
            onProgress={(p) => {
              setProgress(p);
              if (p.completed) refresh();
            }}
          />
        ) : null}
        {lesson.body && (
          <article className="mt-4 max-w-3xl" data-testid="lesson-reading">
            <MessageMarkdown content={lesson.body} citations={[]} unverified={[]} />
          </article>
        )}
      </div>
      <div className="mt-6 flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
        {lesson.kind !== "practice" && (
          <Button
            variant={progress.completed ? "secondary" : "primary"}
            onClick={() => save.mutate({ positionS: lesson.progress.positionS, completed: !progress.completed })}
            aria-pressed={progress.completed}
            data-testid="mark-complete"
          >
            <CheckCircle2 className="h-4 w-4" aria-hidden />
            {progress.completed ? "Completed" : "Mark complete"}
          </Button>
        )}
        {lesson.kind === "practice" && progress.completed && (
          <span className="inline-flex items-center gap-1 text-sm font-medium text-emerald-700 dark:text-emerald-400">
            <CheckCircle2 className="h-4 w-4" aria-hidden /> Completed
          </span>
        )}
        <span className="flex-1" />
        {lesson.previous && (
          <Link
            to={lessonPath(lesson.previous)}
            className="inline-flex items-center gap-1 text-sm font-medium hover:underline"
            aria-label={`Previous lesson: ${lesson.previous.title}`}
          >
            <ChevronLeft className="h-4 w-4" aria-hidden /> Previous
          </Link>
        )}
        {lesson.next && (
          <Link
            to={lessonPath(lesson.next)}
            className="inline-flex items-center gap-1 text-sm font-medium hover:underline"
            aria-label={`Next lesson: ${lesson.next.title}`}
          >
            Next <ChevronRight className="h-4 w-4" aria-hidden />
          </Link>
        )}
      </div>
      {progress.module && progress.course && (
        <div className="mt-4 grid gap-3 sm:grid-cols-2">
          <ProgressBar
            label="Module progress"
            percent={progress.module.percent}
            text={`Module: ${progress.module.completed} of ${progress.module.total} lessons`}
          />
          <ProgressBar
            label="Course progress"
            percent={progress.course.percent}
            text={`Course: ${progress.course.completed} of ${progress.course.total} lessons`}
          />
        </div>
      )}
    </div>
  );
}

function Practice({ lesson, onProgress }: { lesson: Lesson; onProgress: (p: LessonProgress) => void }) {
  const [results, setResults] = useState<Record<string, Pick<AnswerResult, "correct" | "answer" | "explanation">>>(() =>
    Object.fromEntries(
      lesson.questions
        .filter((q) => q.picked && q.answer)
        .map((q) => [q.id, { correct: q.picked === q.answer, answer: q.answer!, explanation: q.explanation ?? "" }]),
    ),
  );
  const [picked, setPicked] = useState<Record<string, string>>(() =>
    Object.fromEntries(lesson.questions.filter((q) => q.picked).map((q) => [q.id, q.picked!])),
  );
  const answer = useMutation({
    mutationFn: (b: { questionId: string; choice: string }) => coursesApi.answer(lesson.id, b),
    onSuccess: (r, b) => {
      setResults((x) => ({ ...x, [b.questionId]: r }));
      onProgress(r.progress);
    },
    onError: (e: Error) => toast.add({ title: "Answer not saved", description: e.message, variant: "destructive" }),
  });
  const answered = Object.keys(results).length;
  return (
    <div>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {answered} of {lesson.questions.length} answered
      </p>
      <ol className="mt-4 space-y-6">
        {lesson.questions.map((q, i) => {
          const r = results[q.id];
          return (
            <li key={q.id} className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
              <fieldset>
                <legend className="text-sm">
                  <span className="font-semibold">Question {i + 1}.</span> {q.stem}{" "}
                  <span className="font-medium">{q.call}</span>
                </legend>
                <div className="mt-3 space-y-2">
                  {Object.entries(q.choices).map(([k, text]) => (
                    <label
                      key={k}
                      className={clsx(
                        "flex cursor-pointer gap-2 rounded-lg border px-3 py-2 text-sm",
                        r && k === r.answer
                          ? "border-emerald-500 bg-emerald-50 dark:bg-emerald-500/10"
                          : r && picked[q.id] === k
                            ? "border-red-400 bg-red-50 dark:bg-red-500/10"
                            : "border-slate-200 dark:border-slate-700",
                      )}
                    >
                      <input
                        type="radio"
                        name={q.id}
                        value={k}
                        checked={picked[q.id] === k}
                        onChange={() => setPicked((x) => ({ ...x, [q.id]: k }))}
                      />
                      <span>
                        <span className="font-semibold">{k}.</span> {text}
                      </span>
                    </label>
                  ))}
                </div>
                <div className="mt-3 flex flex-wrap items-center gap-3">
                  <Button
                    size="sm"
                    disabled={!picked[q.id] || answer.isPending}
                    onClick={() => answer.mutate({ questionId: q.id, choice: picked[q.id] })}
                  >
                    {r ? "Answer again" : "Check answer"}
                  </Button>
                  <span aria-live="polite" className="text-sm">
                    {r && (
                      <span
                        className={
                          r.correct ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400"
                        }
                      >
                        {r.correct ? "Correct." : `Not quite — the answer is ${r.answer}.`}
                      </span>
                    )}
                  </span>
                </div>
                {r && <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{r.explanation}</p>}
              </fieldset>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
