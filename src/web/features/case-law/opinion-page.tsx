/**
 * /case-law/:id — an opinion to read, with its brief beside it (issue 5 §1): the official brief
 * when the library has one, the student's own briefs, the notes that link to the case, and the
 * actions Brief this case, Add note and Collect.
 */
import * as Tabs from "@radix-ui/react-tabs";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import { ArrowLeft, FilePlus2, NotebookPen, PenLine, Scale, Trash2 } from "lucide-react";
import ReactMarkdown from "react-markdown";
import remarkGfm from "remark-gfm";
import { Link, useNavigate, useParams } from "react-router";
import { Button, buttonClass } from "../../components/ui/button";
import { Spinner } from "../../components/ui/card";
import { ApiError } from "../../lib/api";
import { useMe } from "../../lib/session";
import { toast } from "../../lib/toast";
import { AddToCollection } from "../collections/add-to-collection";
import { notesApi } from "../notes/api";
import { NotFoundPage } from "../shell/screens";
import { caseLawApi, type OfficialBrief } from "./api";
import { SubjectBadge } from "./case-law-ui";
import "../notes/rich-text.css";

const BRIEF_PARTS: [keyof OfficialBrief, string][] = [
  ["facts", "Facts"],
  ["proceduralHistory", "Procedural history"],
  ["issue", "Issue"],
  ["rule", "Rule"],
  ["holding", "Holding"],
  ["reasoning", "Reasoning"],
  ["separateOpinions", "Concurrences and dissents"],
];

export function OfficialBriefView({ brief }: { brief: OfficialBrief }) {
  return (
    <div className="space-y-4" data-testid="official-brief">
      {BRIEF_PARTS.filter(([k]) => brief[k]).map(([k, label]) => (
        <section key={k}>
          <h3 className="text-[11px] font-semibold tracking-wider text-slate-500 dark:text-slate-400 uppercase">
            {label}
          </h3>
          <p className="mt-1 text-sm leading-6 text-slate-800 dark:text-slate-200">{String(brief[k])}</p>
        </section>
      ))}
      {brief.takeaways?.length > 0 && (
        <section>
          <h3 className="text-[11px] font-semibold tracking-wider text-slate-500 dark:text-slate-400 uppercase">
            Exam takeaways
          </h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm leading-6">
            {brief.takeaways.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** Notes of the student that link to this case, and a button to start one. */
export function CaseNotes({
  refs,
  title,
  caseHtml,
}: {
  refs: { kind: "opinion" | "brief" | "student_brief"; id: string }[];
  title: string;
  caseHtml: string;
}) {
  const { data: me } = useMe();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const allowed = !!me?.features.notes;
  const notes = useQuery({
    queryKey: ["backlinks", refs],
    queryFn: async () => {
      const lists = await Promise.all(refs.map((r) => notesApi.backlinks(r.kind, r.id)));
      const seen = new Set<string>();
      return lists.flat().filter((n) => !seen.has(n.id) && !!seen.add(n.id));
    },
    enabled: allowed,
  });
  const add = useMutation({
    mutationFn: () => notesApi.create({ title: `Notes on ${title}`, html: `<p>${caseHtml} </p>` }),
    onSuccess: (n) => {
      void qc.invalidateQueries({ queryKey: ["notes"] });
      navigate(`/notes/${n.id}`);
    },
    onError: (e) =>
      toast.add({ title: "Could not start a note", description: (e as Error).message, variant: "destructive" }),
  });
  if (!allowed) {
    return (
      <p className="text-sm text-slate-500 dark:text-slate-400">
        Notes are part of Unlimited.{" "}
        <Link
          to="/settings?upgrade=unlimited"
          className="font-medium text-brand-700 hover:underline dark:text-brand-100"
        >
          Upgrade
        </Link>{" "}
        to write notes that link to this case.
      </p>
    );
  }
  return (
    <div data-testid="case-notes">
      {notes.isPending ? (
        <Spinner className="text-brand-700" />
      ) : notes.data?.length ? (
        <ul className="space-y-2">
          {notes.data.map((n) => (
            <li key={n.id}>
              <Link
                to={`/notes/${n.id}`}
                className="block rounded-xl border border-slate-200 p-3 hover:border-brand-500 dark:border-slate-700"
              >
                <span className="text-sm font-medium">{n.title}</span>
                <span className="mt-0.5 line-clamp-2 block text-xs text-slate-500 dark:text-slate-400">
                  {n.excerpt}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500 dark:text-slate-400">No note links to this case yet.</p>
      )}
      <Button size="sm" variant="outline" className="mt-3" onClick={() => add.mutate()} disabled={add.isPending}>
        <NotebookPen className="h-4 w-4" /> Add note
      </Button>
    </div>
  );
}

const esc = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] as string);

export default function OpinionPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const {
    data: o,
    isPending,
    error,
  } = useQuery({ queryKey: ["case-law", "opinion", id], queryFn: () => caseLawApi.get(id!) });
  const remove = useMutation({
    mutationFn: () => caseLawApi.remove(id!),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ["case-law"] });
      toast.add({ title: "Opinion removed" });
      navigate("/case-law");
    },
  });
  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />;
  if (isPending || !o) return <Spinner className="m-10 text-brand-700" />;
  const caseHtml = `<a data-type="case-link" data-case-id="opinion:${o.id}" href="/case-law/${o.id}">${esc(o.name)}</a>`;
  const refs = [
    { kind: "opinion" as const, id: o.id },
    ...(o.officialBrief ? [{ kind: "brief" as const, id: o.officialBrief.id }] : []),
  ];
  return (
    <div className="mx-auto max-w-7xl">
      <Link
        to="/case-law"
        className="inline-flex items-center gap-1 text-sm text-slate-500 dark:text-slate-400 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" /> Case law
      </Link>
      <header className="mt-3 flex flex-col gap-4 border-b border-slate-200 pb-6 lg:flex-row lg:items-end lg:justify-between dark:border-slate-800">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight italic sm:text-3xl">{o.name}</h1>
          <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
            {o.citation && <span className="font-medium">{o.citation}</span>}
            {o.court && <span>· {o.court}</span>}
            {(o.decidedOn || o.year) && (
              <span>
                ·{" "}
                {o.decidedOn
                  ? new Date(`${o.decidedOn}T12:00:00Z`).toLocaleDateString(undefined, {
                      year: "numeric",
                      month: "long",
                      day: "numeric",
                    })
                  : o.year}
              </span>
            )}
            <SubjectBadge id={o.subjectId} />
            <span className="text-slate-400">· {Math.max(1, Math.round(o.wordCount / 230))} min read</span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={`/cases/new?opinion=${o.id}`} className={buttonClass("primary")}>
            <PenLine className="h-4 w-4" /> Brief this case
          </Link>
          <AddToCollection kind="opinion" id={o.id} title={o.name} />
          {o.mine && (
            <Button
              variant="ghost"
              aria-label="Remove this opinion"
              onClick={() => window.confirm(`Remove ${o.name} from your library?`) && remove.mutate()}
            >
              <Trash2 className="h-4 w-4" />
            </Button>
          )}
        </div>
      </header>
      <div className="mt-8 grid gap-10 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <article className="rich opinion-text mx-auto w-full max-w-[70ch]" data-testid="opinion-text">
          <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml>
            {o.body}
          </ReactMarkdown>
          <p className="mt-10 border-t border-slate-200 pt-4 font-sans text-xs text-slate-500 dark:text-slate-400 dark:border-slate-800">
            Source: {o.source}
          </p>
        </article>
        <aside
          className="xl:sticky xl:top-6 xl:max-h-[calc(100vh-3rem)] xl:self-start xl:overflow-y-auto"
          aria-label="Brief and notes"
        >
          <Tabs.Root
            defaultValue="brief"
            className="rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
          >
            <Tabs.List
              className="flex border-b border-slate-200 px-2 dark:border-slate-800"
              aria-label="Beside the opinion"
            >
              {[
                ["brief", "Brief", Scale],
                ["notes", "Notes", NotebookPen],
              ].map(([v, label, Icon]) => {
                const I = Icon as typeof Scale;
                return (
                  <Tabs.Trigger
                    key={v as string}
                    value={v as string}
                    className={clsx(
                      "flex items-center gap-1.5 border-b-2 border-transparent px-3 py-3 text-sm font-medium text-slate-500 dark:text-slate-400 data-[state=active]:border-brand-600 data-[state=active]:text-slate-900 dark:data-[state=active]:text-white",
                    )}
                  >
                    <I className="h-4 w-4" /> {label as string}
                  </Tabs.Trigger>
                );
              })}
            </Tabs.List>
            <Tabs.Content value="brief" className="space-y-6 p-5">
              {o.myBriefs.length > 0 && (
                <div>
                  <h2 className="text-xs font-semibold tracking-wide text-slate-500 dark:text-slate-400 uppercase">
                    Your briefs
                  </h2>
                  <ul className="mt-2 space-y-1.5">
                    {o.myBriefs.map((b) => (
                      <li key={b.id}>
                        <Link
                          to={`/cases/${b.id}`}
                          className="flex items-center justify-between gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm hover:border-brand-500 dark:border-slate-700"
                        >
                          <span className="truncate font-medium italic">{b.name}</span>
                          <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">
                            {new Date(b.updatedAt).toLocaleDateString()}
                          </span>
                        </Link>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              {o.officialBrief ? (
                <div>
                  <div className="flex items-center justify-between">
                    <h2 className="text-xs font-semibold tracking-wide text-slate-500 dark:text-slate-400 uppercase">
                      Lexmate brief
                    </h2>
                    <Link
                      to={`/cases/${o.officialBrief.id}`}
                      className="text-xs font-medium text-brand-700 hover:underline dark:text-brand-100"
                    >
                      Open
                    </Link>
                  </div>
                  <div className="mt-3">
                    <OfficialBriefView brief={o.officialBrief} />
                  </div>
                </div>
              ) : (
                !o.myBriefs.length && (
                  <div className="text-center">
                    <FilePlus2 className="mx-auto h-8 w-8 text-slate-300" />
                    <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">
                      No brief of this case yet. Draft one from the opinion and edit it.
                    </p>
                    <Link to={`/cases/new?opinion=${o.id}`} className={buttonClass("outline", "sm", "mt-3")}>
                      Brief this case
                    </Link>
                  </div>
                )
              )}
            </Tabs.Content>
            <Tabs.Content value="notes" className="p-5">
              <CaseNotes refs={refs} title={o.name} caseHtml={caseHtml} />
            </Tabs.Content>
          </Tabs.Root>
        </aside>
      </div>
    </div>
  );
}
