/** /cases: official briefs and the student's own, filtered by subject, topic, whose and text. */
import { useQuery } from "@tanstack/react-query";
import { clsx } from "clsx";
import { BookOpen, FileText, Plus, Search, User } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { buttonClass } from "../../components/ui/button";
import { Spinner } from "../../components/ui/card";
import { api } from "../../lib/api";
import { shortCourt } from "../case-law/api";
import { Select, SubjectOptions } from "../../components/ui/select";
import { SubjectBadge, useSubjects } from "../case-law/case-law-ui";
import { briefsApi } from "./api";

/** The list of case briefs with its filters (all in the URL). */
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
