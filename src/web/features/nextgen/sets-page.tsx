/** "Integrated sets": the NextGen integrated question sets, by subject, with the latest score. */
import { useQuery } from "@tanstack/react-query";
import { Files } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Badge, Card, Spinner } from "../../components/ui/card";
import { Select } from "../../components/ui/select";
import { SUBJECT_NAMES, subjectName } from "../study/api";
import { EmptyState, LoadError, PageHeader, StudyPage } from "../study/components/study-ui";
import { setsQuery } from "./api";

export default function SetsPage() {
  const [subject, setSubject] = useState("");
  const q = useQuery(setsQuery(subject));
  return (
    <StudyPage>
      <PageHeader
        title="Integrated sets"
        subtitle="NextGen-style question sets: one fact pattern, a document pane, and choice and written questions."
        actions={
          <Select value={subject} onChange={setSubject} label="Subject">
            <option value="">All subjects</option>
            {Object.entries(SUBJECT_NAMES).map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </Select>
        }
      />
      {q.isPending ? (
        <Spinner className="m-10 text-brand-700" />
      ) : q.error ? (
        <LoadError what="the integrated sets" error={q.error} onRetry={() => q.refetch()} />
      ) : q.data.sets.length === 0 ? (
        <EmptyState icon={Files} title="No integrated sets yet">
          {subject ? "None for this subject yet. Try another subject." : "Sets appear here once the content is loaded."}
        </EmptyState>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {q.data.sets.map((s) => (
            <li key={s.id}>
              <Link to={`/flashcards/integrated-sets/${s.id}`} className="block h-full">
                <Card className="h-full p-4 transition-colors hover:border-brand-300">
                  <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
                    {subjectName(s.subjectId)} · {s.difficulty}
                  </p>
                  <h2 className="mt-1 font-semibold text-slate-900 dark:text-white">{s.title}</h2>
                  <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                    {s.items} questions · {s.documents} documents
                  </p>
                  {s.attempt && (
                    <Badge className="mt-3">
                      {s.attempt.score.complete
                        ? `Score ${s.attempt.score.percent}%`
                        : `${s.attempt.score.answered} of ${s.attempt.score.total} answered`}
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
