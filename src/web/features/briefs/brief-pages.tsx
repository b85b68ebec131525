/**
 * /cases (official briefs and the student's own, filtered by subject, topic and text),
 * /cases/new (a brief of an opinion, or from scratch) and /cases/:id (an official brief with
 * the notes linked to it and Add note, or one of the student's briefs, open for editing).
 */
import { useQuery } from "@tanstack/react-query";
import { clsx } from "clsx";
import { ArrowLeft, BookOpen, FileText, PenLine, Plus, Search, User } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { SUBJECT_IDS } from "../../../contract/content";
import { buttonClass } from "../../components/ui/button";
import { Spinner } from "../../components/ui/card";
import { ApiError, api } from "../../lib/api";
import { caseLawApi, type OfficialBrief, shortCourt } from "../case-law/api";
import { Select, SubjectOptions } from "../../components/ui/select";
import { SubjectBadge, useSubjects } from "../case-law/case-law-ui";
import { CaseNotes, OfficialBriefView } from "../case-law/opinion-page";
import { AddToCollection } from "../collections/add-to-collection";
import { NotFoundPage } from "../shell/screens";
import { isUuid } from "../../../domain/ids";
import { type BriefDraft, briefsApi } from "./api";
import { BriefEditor } from "./brief-editor";

const esc = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] as string);

export function CasesPage() {
  const [params, setParams] = useSearchParams();
  const subject = params.get("subject") ?? "";
  const topic = params.get("topic") ?? "";
  const mine = params.get("mine") ?? "";
  const [text, setText] = useState(params.get("q") ?? "");
  const { data: subjects } = useSubjects();
  const topics = useQuery({
    queryKey: ["subject", subject],
    queryFn: () => api<{ topics: { id: string; title: string }[] }>(`/api/subjects/${subject}`),
    enabled: !!subject,
  });
  const set = (k: string, v: string) => {
    const n = new URLSearchParams(params);
    if (v) n.set(k, v);
    else n.delete(k);
    if (k === "subject") n.delete("topic");
    setParams(n, { replace: true });
  };
  useEffect(() => {
    const t = setTimeout(() => {
      if ((params.get("q") ?? "") !== text) set("q", text);
    }, 250);
    return () => clearTimeout(t);
  });
  const q = params.get("q") ?? "";
  const list = useQuery({
    queryKey: ["case-briefs", { subject, topic, q, mine }],
    queryFn: () => briefsApi.list({ subject, topic, q, mine }),
    placeholderData: (p) => p,
  });
  const rows = list.data ?? [];
  return (
    <div className="mx-auto max-w-5xl">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Case briefs</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-400">
            Landmark cases briefed for class and the bar, and your own briefs.{" "}
            <Link to="/case-law" className="text-brand-700 underline dark:text-brand-100">
              Read the opinions
            </Link>
          </p>
        </div>
        <div className="flex gap-2">
          <Link to="/case-collections" className={buttonClass("ghost")}>
            Collections
          </Link>
          <Link to="/cases/new" className={buttonClass("primary")}>
            <Plus className="h-4 w-4" /> New brief
          </Link>
        </div>
      </div>
      <div className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_12rem_14rem_10rem]">
        <label className="relative block sm:col-span-2 lg:col-span-1">
          <span className="sr-only">Search cases</span>
          <Search className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-slate-400" />
          <input
            aria-label="Search cases"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Case name or citation"
            className="w-full rounded-lg border border-slate-200 bg-white py-2 pr-3 pl-9 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 focus:outline-none dark:border-slate-700 dark:bg-slate-950"
          />
        </label>
        <Select label="Filter by subject" value={subject} onChange={(v) => set("subject", v)}>
          <SubjectOptions subjects={subjects} empty="All subjects" />
        </Select>
        <Select label="Filter by topic" value={topic} onChange={(v) => set("topic", v)}>
          <option value="">{subject ? "All topics" : "Topic (pick a subject)"}</option>
          {topics.data?.topics.map((t) => (
            <option key={t.id} value={t.id}>
              {t.title}
            </option>
          ))}
        </Select>
        <Select label="Whose briefs" value={mine} onChange={(v) => set("mine", v)}>
          <option value="">All briefs</option>
          <option value="only">Yours</option>
          <option value="exclude">Official</option>
        </Select>
      </div>
      {list.isPending ? (
        <Spinner className="m-10 text-brand-700" />
      ) : rows.length ? (
        <ul className="mt-6 grid gap-3 sm:grid-cols-2">
          {rows.map((b) => (
            <li key={b.id}>
              <Link
                to={`/cases/${b.id}`}
                className="group flex h-full items-start gap-3 rounded-2xl border border-slate-200 bg-white p-4 transition-shadow hover:border-brand-300 hover:shadow-md dark:border-slate-800 dark:bg-slate-900"
                data-testid="brief-card"
              >
                <span
                  className={clsx(
                    "mt-0.5 rounded-lg p-2",
                    b.isOfficial
                      ? "bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-brand-100"
                      : "bg-amber-50 text-amber-700 dark:bg-amber-950/50 dark:text-amber-300",
                  )}
                >
                  {b.isOfficial ? <BookOpen className="h-4 w-4" /> : <User className="h-4 w-4" />}
                </span>
                <span className="min-w-0">
                  <span className="block font-medium italic group-hover:text-brand-700 dark:group-hover:text-brand-100">
                    {b.name}
                  </span>
                  <span className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-500 dark:text-slate-400">
                    {[b.citation, shortCourt(b.court), b.year].filter(Boolean).join(" · ")}
                    <SubjectBadge id={b.subjectId} />
                    {!b.isOfficial && (
                      <span className="rounded-full bg-amber-100 px-2 py-0.5 text-[11px] font-medium text-amber-800 dark:bg-amber-900/50 dark:text-amber-200">
                        Yours
                      </span>
                    )}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <div className="mt-10 text-center">
          <FileText className="mx-auto h-8 w-8 text-slate-300" />
          <p className="mt-2 text-slate-500 dark:text-slate-400">No case brief matches.</p>
        </div>
      )}
    </div>
  );
}

export function NewBriefPage() {
  const [params] = useSearchParams();
  const opinionId = params.get("opinion");
  const opinion = useQuery({
    queryKey: ["case-law", "opinion", opinionId],
    queryFn: () => caseLawApi.get(opinionId!),
    enabled: !!opinionId,
  });
  if (opinionId && opinion.isPending) return <Spinner className="m-10 text-brand-700" />;
  if (opinionId && opinion.error) return <NotFoundPage />;
  const o = opinion.data;
  // Without an opinion, "Write your own" on an official brief passes the case's heading fields.
  const year = Number(params.get("year"));
  const subject = params.get("subject");
  const initial: BriefDraft = {
    opinionId: o?.id ?? null,
    name: o?.name ?? params.get("name") ?? "",
    citation: o?.citation ?? (params.get("citation") || null),
    court: o?.court ?? (params.get("court") || null),
    year: o?.year ?? (Number.isInteger(year) && year > 1000 && year < 3000 ? year : null),
    subjectId: o?.subjectId ?? ((SUBJECT_IDS as readonly string[]).includes(subject ?? "") ? subject : null),
    sections: {} as BriefDraft["sections"],
  };
  return <BriefEditor initial={initial} opinionName={o?.name} />;
}

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
