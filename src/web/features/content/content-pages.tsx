/**
 * Read-only official content (issue 3 §8) with stable URLs the companion's citations link to:
 *   /library                    the nine subjects
 *   /library/:subjectId         a subject's topics and cases
 *   /library/topics/:topicId    a doctrine in full, with its cases, provisions and related topics
 * (/cases and /cases/:briefId are features/briefs.)
 */
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, Scale } from "lucide-react";
import { Link, useParams } from "react-router";
import { Badge, Card, Spinner } from "../../components/ui/card";
import type { contentApi } from "../../../contract/content";
import type { ResponseOf } from "../../../contract/route";
import { parseProvision } from "../../../domain/provisions";
import { ApiError, api } from "../../lib/api";
import { NotFoundPage } from "../shell/screens";

type SubjectRow = ResponseOf<typeof contentApi.subjects>["subjects"][number];
type BriefRow = ResponseOf<typeof contentApi.briefs>["briefs"][number];

function Loading() {
  return <Spinner className="m-10 text-brand-700" />;
}
const isNotFound = (e: unknown) => e instanceof ApiError && e.status === 404;

export function SubjectsPage() {
  const { data, isPending } = useQuery({
    queryKey: ["subjects"],
    queryFn: () => api<{ subjects: SubjectRow[] }>("/api/subjects"),
  });
  if (isPending) return <Loading />;
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-bold tracking-tight">Subjects</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">
        The seven MBE subjects plus Business Associations and Professional Responsibility: doctrines, landmark cases,
        flashcards and practice questions.
      </p>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        {data?.subjects.map((s) => (
          <Link
            key={s.id}
            to={`/library/${s.id}`}
            className="rounded-2xl border border-slate-200 bg-white p-5 hover:border-brand-500 dark:border-slate-800 dark:bg-slate-900"
            data-testid="subject-card"
          >
            <h2 className="font-semibold">{s.name}</h2>
            <p className="mt-1 line-clamp-2 text-sm text-slate-600 dark:text-slate-400">{s.description}</p>
            <p className="mt-3 text-xs text-slate-500">
              {s.counts.topics} topics · {s.counts.briefs} cases · {s.counts.cards} cards · {s.counts.questions}{" "}
              questions
            </p>
          </Link>
        ))}
      </div>
    </div>
  );
}

export function SubjectPage() {
  const { subjectId } = useParams();
  const { data, isPending, error } = useQuery({
    queryKey: ["subject", subjectId],
    queryFn: () =>
      api<{ subject: SubjectRow; topics: { id: string; title: string; summary: string }[]; briefs: BriefRow[] }>(
        `/api/subjects/${subjectId}`,
      ),
  });
  if (isNotFound(error)) return <NotFoundPage />;
  if (isPending || !data) return <Loading />;
  return (
    <div className="mx-auto max-w-5xl">
      <Link to="/library" className="inline-flex items-center gap-1 text-sm text-slate-500 hover:underline">
        <ArrowLeft className="h-4 w-4" /> Subjects
      </Link>
      <h1 className="mt-2 text-2xl font-bold tracking-tight">{data.subject.name}</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">{data.subject.description}</p>
      <div className="mt-8 grid gap-8 lg:grid-cols-[2fr_1fr]">
        <section>
          <h2 className="text-lg font-semibold">Topics</h2>
          <ul className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {data.topics.map((t) => (
              <li key={t.id}>
                <Link to={`/library/topics/${t.id}`} className="block p-4 hover:bg-slate-50 dark:hover:bg-slate-900">
                  <p className="font-medium">{t.title}</p>
                  <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t.summary}</p>
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section>
          <h2 className="text-lg font-semibold">Cases</h2>
          <ul className="mt-3 space-y-2">
            {data.briefs.map((b) => (
              <li key={b.id}>
                <Link
                  to={`/cases/${b.id}`}
                  className="block rounded-xl border border-slate-200 p-3 text-sm hover:border-brand-500 dark:border-slate-800"
                >
                  <span className="font-medium italic">{b.name}</span>
                  <span className="block text-xs text-slate-500">
                    {b.citation} ({b.year})
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}

type TopicResponse = ResponseOf<typeof contentApi.topic>;

function List({ title, items }: { title: string; items: string[] }) {
  if (!items.length) return null;
  return (
    <section className="mt-6">
      <h2 className="text-lg font-semibold">{title}</h2>
      <ul className="mt-2 list-disc space-y-1.5 pl-6 text-slate-700 dark:text-slate-300">
        {items.map((x) => (
          <li key={x}>{x}</li>
        ))}
      </ul>
    </section>
  );
}

export function TopicPage() {
  const { topicId } = useParams();
  const { data, isPending, error } = useQuery({
    queryKey: ["topic", topicId],
    queryFn: () => api<TopicResponse>(`/api/topics/${topicId}`),
  });
  if (isNotFound(error)) return <NotFoundPage />;
  if (isPending || !data) return <Loading />;
  const t = data.topic;
  return (
    <article className="mx-auto max-w-3xl">
      <Link
        to={`/library/${t.subject?.id}`}
        className="inline-flex items-center gap-1 text-sm text-slate-500 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" /> {t.subject?.name}
      </Link>
      <h1 className="mt-2 text-2xl font-bold tracking-tight">{t.title}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">{t.summary}</p>
      <Card className="mt-6 border-brand-200 bg-brand-50 dark:border-brand-800 dark:bg-slate-900">
        <h2 className="flex items-center gap-2 text-sm font-semibold tracking-wide text-brand-800 uppercase dark:text-brand-100">
          <Scale className="h-4 w-4" /> Rule
        </h2>
        <p className="mt-2 leading-7" data-testid="topic-rule">
          {t.rule}
        </p>
      </Card>
      <List title="Elements and factors" items={t.elements} />
      <List title="Exceptions and defenses" items={t.exceptions} />
      {t.positions.length > 0 && (
        <section className="mt-6">
          <h2 className="text-lg font-semibold">Positions</h2>
          <dl className="mt-2 space-y-3">
            {t.positions.map((p) => (
              <div key={p.view}>
                <dt className="font-medium">{p.view}</dt>
                <dd className="text-slate-700 dark:text-slate-300">{p.rule}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      {t.provisions.length > 0 && (
        <section className="mt-6">
          <h2 className="text-lg font-semibold">Governing provisions</h2>
          <div className="mt-2 flex flex-wrap gap-2">
            {t.provisions.map((p) => (
              <Link key={p} to={`/library/provisions/${parseProvision(p)[0]?.id}`} className="hover:underline">
                <Badge>{p}</Badge>
              </Link>
            ))}
          </div>
        </section>
      )}
      <List title="Exam traps" items={t.traps} />
      {data.cases.length > 0 && (
        <section className="mt-6">
          <h2 className="text-lg font-semibold">Key cases</h2>
          <ul className="mt-2 space-y-2">
            {data.cases.map((b) => (
              <li key={b.id}>
                <Link to={`/cases/${b.id}`} className="text-brand-700 hover:underline dark:text-brand-100">
                  <i>{b.name}</i>
                </Link>
                <span className="text-sm text-slate-500">
                  , {b.citation} ({b.year})
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {data.related.length > 0 && (
        <section className="mt-6">
          <h2 className="text-lg font-semibold">Related topics</h2>
          <div className="mt-2 flex flex-wrap gap-2">
            {data.related.map((r) => (
              <Link
                key={r.id}
                to={`/library/topics/${r.id}`}
                className="rounded-full border border-slate-300 px-3 py-1 text-sm hover:border-brand-500 dark:border-slate-700"
              >
                {r.title}
              </Link>
            ))}
          </div>
        </section>
      )}
    </article>
  );
}
