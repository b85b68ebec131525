/**
 * /outlines/analyses (the list of OutlineIQ reports, re-runnable) and /outlines/analyses/:id (one
 * report, issue 16 §7): case citations (found with a link, wrong citation or year with the right
 * one, unverified), rules missing official elements and exceptions (with the official source),
 * coverage of the official topics and of the pasted syllabus, contradictions with the student's
 * notes. Every finding names its line of the outline (and page for a PDF; for an own outline a
 * link to the editor). One click turns the gaps into cards, an outline section, or a quiz.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import {
  AlertTriangle,
  BookOpenCheck,
  CheckCircle2,
  CircleHelp,
  Layers,
  ListPlus,
  Plus,
  RefreshCw,
  Trash2,
} from "lucide-react";
import { useEffect } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { Button, buttonClass } from "../../components/ui/button";
import { Card, Spinner } from "../../components/ui/card";
import { api } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useJob } from "../jobs/api";
import { JobProgress } from "../jobs/job-progress";
import { relativeTime } from "../notes/api";
import { type Analysis, analysesApi } from "./analysis-api";
import { outlinesApi } from "./api";
import { OutlinesGate } from "./gate";

export function AnalysesListPage() {
  return (
    <OutlinesGate>
      <AnalysesList />
    </OutlinesGate>
  );
}

export function AnalysisReportPage() {
  return (
    <OutlinesGate>
      <Report />
    </OutlinesGate>
  );
}

const fail = (e: Error) => toast.add({ title: "That did not work", description: e.message, variant: "destructive" });

function AnalysesList() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const list = useQuery({ queryKey: ["outline-analyses"], queryFn: analysesApi.list });
  const rerun = useMutation({
    mutationFn: (id: string) => analysesApi.rerun(id),
    onSuccess: (r) => navigate(`/outlines/analyses/${r.id}`),
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: (id: string) => analysesApi.remove(id),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["outline-analyses"] }),
    onError: fail,
  });
  return (
    <div className="mx-auto max-w-4xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Outline reports</h1>
        <Link to="/outlines/upload" className={buttonClass()}>
          <Plus className="h-4 w-4" aria-hidden /> Check an outline
        </Link>
      </div>
      {list.isPending ? (
        <Spinner className="m-10 text-brand-700" />
      ) : list.isError ? (
        <p className="mt-8 text-sm text-red-600">{list.error.message}</p>
      ) : !list.data.length ? (
        <p className="mt-10 text-center text-sm text-slate-500 dark:text-slate-400">
          No reports yet. Upload an outline or pick one of yours to have it checked.
        </p>
      ) : (
        <ul className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
          {list.data.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="analysis-row">
              <Link to={`/outlines/analyses/${a.id}`} className="min-w-0 flex-1">
                <span className="block truncate font-semibold hover:text-brand-700">{a.title}</span>
                <span className="block text-xs text-slate-500 dark:text-slate-400">
                  {[
                    a.format === "outline" ? "your outline" : a.format.toUpperCase(),
                    a.state === "done" && a.counts
                      ? `${a.counts.missingTopics} missing topics · ${a.counts.missingElements} missing elements · ${a.counts.unverifiedCitations + a.counts.correctedCitations} citation problems`
                      : a.state,
                    relativeTime(a.finishedAt ?? a.createdAt),
                  ].join(" · ")}
                </span>
              </Link>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Run ${a.title} again`}
                disabled={a.state === "queued" || a.state === "running"}
                onClick={() => rerun.mutate(a.id)}
              >
                <RefreshCw className="h-4 w-4" aria-hidden />
              </Button>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Delete report ${a.title}`}
                onClick={() => remove.mutate(a.id)}
              >
                <Trash2 className="h-4 w-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

type Gap = NonNullable<Analysis["gaps"]>[number];

const Section = ({ title, count, children }: { title: string; count: number; children: React.ReactNode }) => (
  <section className="mt-8" aria-label={title}>
    <h2 className="text-lg font-semibold">
      {title} <span className="text-sm font-normal text-slate-500">({count})</span>
    </h2>
    <div className="mt-3 space-y-3">{children}</div>
  </section>
);

function Report() {
  const { analysisId = "" } = useParams();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const q = useQuery({ queryKey: ["outline-analysis", analysisId], queryFn: () => analysesApi.get(analysisId) });
  const running = q.data && (q.data.state === "queued" || q.data.state === "running");
  const job = useJob(running ? q.data.jobId : null);
  const jobDone = job.data && ["succeeded", "failed", "cancelled"].includes(job.data.state);
  useEffect(() => {
    if (jobDone) void qc.invalidateQueries({ queryKey: ["outline-analysis", analysisId] });
  }, [jobDone, qc, analysisId]);
  const rerun = useMutation({
    mutationFn: () => analysesApi.rerun(analysisId),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["outline-analysis", analysisId] }),
    onError: fail,
  });

  if (q.isPending) return <Spinner className="m-10 text-brand-700" />;
  if (q.isError) return <p className="mt-8 text-sm text-red-600">{q.error.message}</p>;
  const a = q.data;
  const lineOf = (n: number) => a.lines?.find((l) => l.line === n);
  const Anchor = ({ line }: { line: number }) => {
    const l = lineOf(line);
    const label = `Line ${line}${l?.page ? ` · p. ${l.page}` : ""}`;
    return (
      <div className="text-xs text-slate-500 dark:text-slate-400">
        {a.outlineId && l?.entryId ? (
          <Link to={`/outlines/${a.outlineId}#${l.entryId}`} className="font-medium text-brand-700 hover:underline">
            {label}
          </Link>
        ) : (
          <span className="font-medium">{label}</span>
        )}
        {l && <q className="ml-2 italic">{l.text.length > 160 ? `${l.text.slice(0, 159)}…` : l.text}</q>}
      </div>
    );
  };
  // Problems first: unverified, then wrong citation or year, then the cases found.
  const order = { unverified: 0, corrected: 1, verified: 2 } as const;
  const citations = (a.citations ?? []).slice().sort((x, y) => order[x.status] - order[y.status] || x.line - y.line);
  const problems = citations.filter((c) => c.status !== "verified");
  const gaps = a.gaps ?? [];

  return (
    <div className="mx-auto max-w-4xl">
      <Link to="/outlines/analyses" className="text-sm text-brand-700 hover:underline">
        ← All reports
      </Link>
      <div className="mt-2 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight break-words">{a.title}</h1>
          <p className="text-sm text-slate-500 dark:text-slate-400">
            {[
              a.format === "outline" ? "Your outline" : `${a.format.toUpperCase()} upload`,
              a.subject?.name,
              a.lineCount != null ? `${a.lineCount} lines, ${a.wordCount} words` : null,
              a.finishedAt ? `checked ${relativeTime(a.finishedAt)}` : null,
            ]
              .filter(Boolean)
              .join(" · ")}
          </p>
        </div>
        <Button variant="outline" size="sm" disabled={!!running || rerun.isPending} onClick={() => rerun.mutate()}>
          <RefreshCw className="h-4 w-4" aria-hidden /> Run again
        </Button>
      </div>

      {running && (
        <Card className="mt-6 p-5">
          <p className="font-medium">Checking your outline…</p>
          <JobProgress
            job={job.data ?? { progress: 0, message: "", state: "queued" }}
            label="Outline analysis progress"
          />
        </Card>
      )}
      {a.state === "failed" && (
        <p
          role="alert"
          className="mt-6 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950 dark:text-red-200"
        >
          {a.error ?? "The analysis failed."}
        </p>
      )}

      {a.state === "done" && a.counts && (
        <>
          <div className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {[
              ["Citation problems", problems.length],
              ["Missing elements", a.counts.missingElements],
              ["Missing topics", a.counts.missingTopics],
              ["Contradictions", a.counts.contradictions],
            ].map(([label, n]) => (
              <Card key={label} className="p-3">
                <div className="text-2xl font-bold tabular-nums">{n}</div>
                <div className="text-xs text-slate-500 dark:text-slate-400">{label}</div>
              </Card>
            ))}
          </div>

          <GapActions analysis={a} gaps={gaps} onQuiz={(id) => navigate(`/quiz?id=${id}`)} />

          <Section title="Case citations" count={citations.length}>
            {!citations.length && <p className="text-sm text-slate-500">No case citations found.</p>}
            {citations.map((c, i) => (
              <Card key={`${c.line}-${i}`} className="p-3" data-testid="citation-finding">
                <div className="flex flex-wrap items-center gap-2">
                  {c.status === "verified" ? (
                    <CheckCircle2 className="h-4 w-4 text-emerald-600" aria-hidden />
                  ) : c.status === "corrected" ? (
                    <AlertTriangle className="h-4 w-4 text-amber-600" aria-hidden />
                  ) : (
                    <CircleHelp className="h-4 w-4 text-red-600" aria-hidden />
                  )}
                  <span className="font-medium">{c.cited}</span>
                  <span
                    className={clsx(
                      "rounded px-1.5 py-0.5 text-xs font-semibold",
                      c.status === "verified"
                        ? "bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200"
                        : c.status === "corrected"
                          ? "bg-amber-50 text-amber-800 dark:bg-amber-950 dark:text-amber-200"
                          : "bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200",
                    )}
                  >
                    {c.status === "verified"
                      ? "Found"
                      : c.status === "corrected"
                        ? `Wrong ${c.wrong.join(" and ")}`
                        : "Unverified"}
                  </span>
                </div>
                {c.match && (
                  <p className="mt-1 text-sm">
                    {c.status === "corrected" ? "Should be: " : ""}
                    <Link
                      to={c.match.kind === "opinion" ? `/case-law/${c.match.id}` : `/cases/${c.match.id}`}
                      className="text-brand-700 hover:underline dark:text-brand-100"
                    >
                      {c.match.name}
                      {c.match.citation ? `, ${c.match.citation}` : ""}
                      {c.match.year ? ` (${c.match.year})` : ""}
                    </Link>
                  </p>
                )}
                {c.status === "unverified" && (
                  <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                    Not in our briefs or case-law library. Check the name and citation against your casebook.
                  </p>
                )}
                <Anchor line={c.line} />
              </Card>
            ))}
          </Section>

          <Section title="Rules missing official elements or exceptions" count={a.rules?.length ?? 0}>
            {a.rules?.map((r) => (
              <Card key={r.topicId} className="p-3" data-testid="rule-finding">
                <p className="font-medium">{r.title}</p>
                {r.missingElements.length > 0 && (
                  <div className="mt-1 text-sm">
                    <span className="font-semibold">Missing elements:</span>
                    <ul className="ml-5 list-disc">
                      {r.missingElements.map((e) => (
                        <li key={e}>{e}</li>
                      ))}
                    </ul>
                  </div>
                )}
                {r.missingExceptions.length > 0 && (
                  <div className="mt-1 text-sm">
                    <span className="font-semibold">Missing exceptions:</span>
                    <ul className="ml-5 list-disc">
                      {r.missingExceptions.map((e) => (
                        <li key={e}>{e}</li>
                      ))}
                    </ul>
                  </div>
                )}
                <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                  Source:{" "}
                  <Link to={`/library/topics/${r.topicId}`} className="text-brand-700 hover:underline">
                    {r.source}
                  </Link>
                </p>
                <Anchor line={r.line} />
              </Card>
            ))}
          </Section>

          <Section title="Coverage of the official topics" count={a.coverage?.topics.length ?? 0}>
            <Card className="divide-y divide-slate-100 dark:divide-slate-800">
              {a.coverage?.topics
                .slice()
                .sort((x, y) => x.percent - y.percent)
                .map((t) => (
                  <div key={t.topicId} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm">
                    <Link to={`/library/topics/${t.topicId}`} className="min-w-0 flex-1 truncate hover:underline">
                      {t.title}
                    </Link>
                    <span
                      className={clsx(
                        "w-16 text-xs font-semibold",
                        t.status === "missing"
                          ? "text-red-700"
                          : t.status === "thin"
                            ? "text-amber-700"
                            : "text-emerald-700",
                      )}
                    >
                      {t.status}
                    </span>
                    <span className="w-44 text-xs text-slate-500 tabular-nums">
                      {t.status === "missing"
                        ? "not in the outline"
                        : `${t.covered}/${t.total} elements · ${t.words} words`}
                    </span>
                    {t.line != null && <span className="text-xs text-slate-500">line {t.line}</span>}
                  </div>
                ))}
            </Card>
            {a.coverage?.syllabus && (
              <Card className="p-3">
                <p className="text-sm font-semibold">Your syllabus</p>
                <ul className="mt-1 space-y-1 text-sm">
                  {a.coverage.syllabus.map((s) => (
                    <li key={s.item} className="flex gap-2">
                      <span className={s.status === "missing" ? "text-red-700" : "text-emerald-700"}>
                        {s.status === "missing" ? "Missing" : "Covered"}
                      </span>
                      <span>{s.item}</span>
                      {s.line != null && <span className="text-xs text-slate-500">line {s.line}</span>}
                    </li>
                  ))}
                </ul>
              </Card>
            )}
          </Section>

          <Section title="Contradictions with your notes" count={a.contradictions?.length ?? 0}>
            {!a.contradictions?.length && (
              <p className="text-sm text-slate-500">None of your notes on these topics states a different rule.</p>
            )}
            {a.contradictions?.map((c) => (
              <Card key={`${c.note.id}-${c.line}`} className="p-3 text-sm">
                <p className="font-medium">{c.title}</p>
                <p className="mt-1">
                  Outline: <q>{c.outlineText}</q>
                </p>
                <p>
                  <Link to={`/notes/${c.note.id}`} className="text-brand-700 hover:underline">
                    {c.note.title || "Your note"}
                  </Link>
                  : <q>{c.noteText}</q>
                </p>
                <p className="text-xs text-slate-500">{c.why}</p>
                <Anchor line={c.line} />
              </Card>
            ))}
          </Section>
        </>
      )}
    </div>
  );
}

/** One-click actions on the gaps: flashcards in a new deck, an outline section, a quiz on the topics. */
function GapActions({ analysis, gaps, onQuiz }: { analysis: Analysis; gaps: Gap[]; onQuiz: (id: string) => void }) {
  const navigate = useNavigate();
  const topicIds = [...new Set(gaps.map((g) => g.topicId).filter((x): x is string => !!x))];
  const cards = useMutation({
    mutationFn: async () => {
      const { deck } = await api<{ deck: { id: string } }>("/api/study/decks", {
        body: { title: `Gaps: ${analysis.title}`.slice(0, 200), subjectId: analysis.subject?.id ?? null },
      });
      await api(`/api/study/decks/${deck.id}/cards/bulk`, {
        body: {
          cards: gaps.slice(0, 2000).map((g) => ({
            question: g.question.slice(0, 10_000),
            answer: g.answer.slice(0, 10_000),
            subjectId: analysis.subject?.id ?? null,
            topicId: g.topicId,
          })),
        },
      });
      return deck.id;
    },
    onSuccess: (deckId) =>
      toast.add({
        title: `Added ${gaps.length} cards`,
        variant: "success",
        action: { label: "Open deck", onClick: () => navigate(`/study/decks/${deckId}`) },
      }),
    onError: fail,
  });
  const section = useMutation({
    mutationFn: async () => {
      const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
      let target = analysis.outlineId ? await outlinesApi.get(analysis.outlineId).catch(() => null) : null;
      if (!target) {
        const created = await outlinesApi.create({
          title: `Gaps: ${analysis.title}`.slice(0, 200),
          subject: analysis.subject?.name ?? "",
        });
        target = await outlinesApi.get(created.id);
      }
      const lastTop = target.entries
        .filter((e) => e.parentId === null)
        .sort((x, y) => x.position - y.position)
        .pop();
      const head = crypto.randomUUID();
      const ops: Parameters<typeof outlinesApi.patch>[1]["ops"] = [
        {
          op: "add",
          id: head,
          parentId: null,
          afterId: lastTop?.id ?? null,
          html: `<p><strong>Gaps from OutlineIQ</strong></p>`,
        },
      ];
      let after: string | null = null;
      for (const g of gaps.slice(0, 500)) {
        const id = crypto.randomUUID();
        // A missing topic comes in as the topic itself, embedding the official topic (its rule and
        // elements, live); any other gap as a line naming its topic.
        if (g.kind === "topic" && g.topicId && g.topicTitle)
          ops.push({
            op: "add",
            id,
            parentId: head,
            afterId: after,
            html: `<p><strong>${esc(g.topicTitle)}</strong></p>`,
            embed: { kind: "topic", id: g.topicId },
          });
        else {
          const label = g.topicTitle ? `${g.topicTitle}: ${g.text}` : g.text;
          ops.push({ op: "add", id, parentId: head, afterId: after, html: `<p>${esc(label)}</p>` });
        }
        after = id;
      }
      await outlinesApi.patch(target.id, { version: target.version, ops });
      return target.id;
    },
    onSuccess: (id) => navigate(`/outlines/${id}`),
    onError: fail,
  });
  const quiz = useMutation({
    mutationFn: () =>
      api<{ id: string }>("/api/quizzes", {
        body: { source: "questions", topics: topicIds.slice(0, 200), count: 10, mode: "tutor" },
      }),
    onSuccess: (r) => onQuiz(r.id),
    onError: fail,
  });
  if (!gaps.length) return null;
  return (
    <Card className="mt-6 flex flex-wrap items-center gap-2 p-4" aria-label="Fix the gaps">
      <p className="mr-auto text-sm">
        <span className="font-semibold">{gaps.length} gaps</span> — turn them into study material:
      </p>
      <Button size="sm" variant="outline" disabled={cards.isPending} onClick={() => cards.mutate()}>
        <Layers className="h-4 w-4" aria-hidden /> Add as cards
      </Button>
      <Button size="sm" variant="outline" disabled={section.isPending} onClick={() => section.mutate()}>
        <ListPlus className="h-4 w-4" aria-hidden /> Add as outline section
      </Button>
      <Button size="sm" variant="outline" disabled={quiz.isPending || !topicIds.length} onClick={() => quiz.mutate()}>
        <BookOpenCheck className="h-4 w-4" aria-hidden /> Quiz me on these
      </Button>
    </Card>
  );
}
