/**
 * /cases/:id — an official brief with the notes linked to it and Add note, or (a uuid) one of the
 * student's briefs, open for editing.
 */
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, BookOpen, PenLine } from "lucide-react";
import { Link, useParams } from "react-router";
import { buttonClass } from "../../components/ui/button";
import { Spinner } from "../../components/ui/card";
import { ApiError } from "../../lib/api";
import { caseLawApi, type OfficialBrief } from "../case-law/api";
import { SubjectBadge } from "../case-law/case-law-ui";
import { CaseNotes, OfficialBriefView } from "../case-law/opinion-page";
import { AddToCollection } from "../collections/add-to-collection";
import { NotFoundPage } from "../shell/screens";
import { isUuid } from "../../../domain/ids";
import { briefsApi } from "./api";
import { BriefEditor } from "./brief-editor";

const esc = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] as string);

function StudentBriefPage({ id }: { id: string }) {
  const { data, isPending, error } = useQuery({
    queryKey: ["student-brief", id],
    queryFn: () => briefsApi.get(id),
    staleTime: 0,
  });
  const opinion = useQuery({
    queryKey: ["case-law", "opinion", data?.opinionId],
    queryFn: () => caseLawApi.get(data!.opinionId!),
    enabled: !!data?.opinionId,
  });
  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />;
  if (isPending || !data) return <Spinner className="m-10 text-brand-700" />;
  const caseHtml = `<a data-type="case-link" data-case-id="student_brief:${data.id}" href="/cases/${data.id}">${esc(data.name)}</a>`;
  return (
    <div>
      <BriefEditor key={data.id} initial={data} existing={data} opinionName={opinion.data?.name} />
      <section
        className="mx-auto mt-10 max-w-4xl rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
        aria-label="Notes"
      >
        <div className="mb-3 flex items-center justify-between">
          <h2 className="text-sm font-semibold">Notes linked to this brief</h2>
          <AddToCollection kind="student_brief" id={data.id} title={data.name} />
        </div>
        <CaseNotes
          refs={[
            { kind: "student_brief", id: data.id },
            ...(data.opinionId ? [{ kind: "opinion" as const, id: data.opinionId }] : []),
          ]}
          title={data.name}
          caseHtml={caseHtml}
        />
      </section>
    </div>
  );
}

function OfficialBriefPage({ id }: { id: string }) {
  const { data: b, isPending, error } = useQuery({ queryKey: ["brief", id], queryFn: () => briefsApi.official(id) });
  // The case's opinion, when the library (or the student) has imported it: "Write your own" then
  // starts from the opinion, so Draft brief and the opinion beside the editor work.
  const opinion = useQuery({
    queryKey: ["case-law", "for-brief", id],
    queryFn: () => caseLawApi.forBrief(id),
    retry: false,
  });
  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />;
  if (isPending || !b) return <Spinner className="m-10 text-brand-700" />;
  const caseHtml = `<a data-type="case-link" data-case-id="brief:${b.id}" href="/cases/${b.id}">${esc(b.name)}</a>`;
  return (
    <div className="mx-auto max-w-6xl">
      <Link
        to="/cases"
        className="inline-flex items-center gap-1 text-sm text-slate-500 dark:text-slate-400 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" /> Case briefs
      </Link>
      <header className="mt-3 flex flex-col gap-4 border-b border-slate-200 pb-6 lg:flex-row lg:items-end lg:justify-between dark:border-slate-800">
        <div>
          <h1 className="text-2xl font-bold tracking-tight italic sm:text-3xl">{b.name}</h1>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
            {[b.citation, b.court, b.year].filter(Boolean).join(" · ")}
            <SubjectBadge id={b.subjectId} />
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            {b.topics.map((t) => (
              <Link
                key={t.id}
                to={`/library/topics/${t.id}`}
                className="rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-700 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-300"
              >
                {t.title}
              </Link>
            ))}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {opinion.data && (
            <Link to={`/case-law/${opinion.data.id}`} className={buttonClass("outline")} data-testid="read-opinion">
              <BookOpen className="h-4 w-4" /> Read the opinion
            </Link>
          )}
          <Link
            to={`/cases/new?${new URLSearchParams(opinion.data ? { opinion: opinion.data.id } : { name: b.name, citation: b.citation ?? "", court: b.court ?? "", year: String(b.year ?? ""), subject: b.subjectId ?? "" })}`}
            className={buttonClass("outline")}
            data-testid="write-your-own"
          >
            <PenLine className="h-4 w-4" /> Write your own
          </Link>
          <AddToCollection kind="brief" id={b.id} title={b.name} />
        </div>
      </header>
      <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <article className="max-w-3xl" data-testid="brief-view">
          <OfficialBriefView brief={b as unknown as OfficialBrief} />
        </article>
        <aside className="lg:sticky lg:top-6 lg:self-start">
          <div className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
            <h2 className="mb-3 text-sm font-semibold">Your notes on this case</h2>
            <CaseNotes refs={[{ kind: "brief", id: b.id }]} title={b.name} caseHtml={caseHtml} />
          </div>
        </aside>
      </div>
    </div>
  );
}

export function CaseBriefPage() {
  const { briefId } = useParams();
  if (!briefId) return <NotFoundPage />;
  return isUuid(briefId) ? <StudentBriefPage id={briefId} /> : <OfficialBriefPage id={briefId} />;
}
