/** "Performance tasks": the NextGen performance tasks with the latest attempt's state. */
import { useQuery } from "@tanstack/react-query";
import { PenLine } from "lucide-react";
import { Link } from "react-router";
import { Badge, Card, Spinner } from "../../components/ui/card";
import { subjectName } from "../study/api";
import { EmptyState, LoadError, PageHeader, StudyPage } from "../study/components/study-ui";
import { KIND_NAMES, tasksQuery } from "./api";

export default function TasksPage() {
  const q = useQuery(tasksQuery);
  return (
    <StudyPage>
      <PageHeader
        title="Performance tasks"
        subtitle="A task memo, a client file and a library: write the memo, letter or brief against the clock, then grade it by the rubric."
      />
      {q.isPending ? (
        <Spinner className="m-10 text-brand-700" />
      ) : q.error ? (
        <LoadError what="the performance tasks" error={q.error} onRetry={() => q.refetch()} />
      ) : q.data.tasks.length === 0 ? (
        <EmptyState icon={PenLine} title="No performance tasks yet">
          Tasks appear here once the content is loaded.
        </EmptyState>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {q.data.tasks.map((t) => (
            <li key={t.id}>
              <Link to={`/flashcards/performance-tasks/${t.id}`} className="block h-full">
                <Card className="h-full p-4 transition-colors hover:border-brand-300">
                  <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
                    {KIND_NAMES[t.kind] ?? t.kind} · {t.minutes} minutes
                  </p>
                  <h2 className="mt-1 font-semibold text-slate-900 dark:text-white">{t.title}</h2>
                  <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                    {t.subjectIds.map(subjectName).join(", ")}
                  </p>
                  {t.attempt && (
                    <Badge className="mt-3">
                      {t.attempt.status === "in-progress"
                        ? "In progress"
                        : t.attempt.earned !== null
                          ? `Graded ${t.attempt.earned} / ${t.attempt.possible}`
                          : "Submitted"}
                    </Badge>
                  )}
                </Card>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </StudyPage>
  );
}
