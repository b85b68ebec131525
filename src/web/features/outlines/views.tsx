/**
 * The outline's other views (issue 16 §4, §6; decision 061): attack outline, one-page checklist,
 * flowchart of a topic whose entries are marked as steps (pure logic in src/domain/outline-views),
 * and version history with a past version beside the current one.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowDown, History, RotateCcw, Save } from "lucide-react";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import {
  type AttackItem,
  attackOutline,
  checklist,
  type FlowStep,
  flowchart,
  flowchartTopics,
  type ViewTree,
} from "../../../domain/outline-views";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/card";
import { toast } from "../../lib/toast";
import { relativeTime } from "../notes/api";
import { outlinesApi } from "./api";
import { buildTree, htmlToText, type Tree, visibleRows } from "./tree";

const asView = (t: Tree) => t as unknown as ViewTree;

function Items({ label, items, onOpen }: { label: string; items: AttackItem[]; onOpen: (id: string) => void }) {
  if (!items.length) return null;
  return (
    <div className="mt-2">
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">{label}</p>
      <ul className="mt-1 space-y-0.5 text-sm">
        {items.map((it, i) => (
          <li key={`${it.entryId}-${i}`} className="flex gap-2">
            <span className="min-w-0 flex-1">{it.text}</span>
            <button
              type="button"
              className="shrink-0 text-xs text-brand-700 hover:underline dark:text-brand-300"
              onClick={() => onOpen(it.entryId)}
              aria-label={`Open the full entry: ${it.text.slice(0, 40)}`}
            >
              full entry
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The official rule shown where the student has none, marked as official. */
function OfficialRule({ rule }: { rule: string }) {
  return (
    <div className="mt-2" data-testid="attack-official">
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
        Rule <span className="font-normal normal-case tracking-normal">(official)</span>
      </p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{rule}</p>
    </div>
  );
}

/** The official elements and exceptions the student has not written, folded (an attack outline stays short). */
function OfficialParts({ parts }: { parts: [string, string[]][] }) {
  const shown = parts.filter(([, items]) => items.length);
  if (!shown.length) return null;
  return (
    <details className="mt-2 text-sm" data-testid="attack-official-parts">
      <summary className="cursor-pointer text-xs text-slate-500 hover:text-slate-700 dark:text-slate-400">
        Official {shown.map(([label]) => label.toLowerCase()).join(" and ")}
      </summary>
      {shown.map(([label, items]) => (
        <div key={label} className="mt-1">
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">{label}</p>
          <ul className="mt-0.5 list-disc space-y-0.5 pl-4 text-slate-600 dark:text-slate-300">
            {items.map((it) => (
              <li key={it}>{it}</li>
            ))}
          </ul>
        </div>
      ))}
    </details>
  );
}

/**
 * Each topic reduced to rule, elements, exceptions and trigger facts; "full entry" jumps back.
 * Where the student has written no rule for a topic, the official topic's rule stands in, marked
 * "official", with a link to the topic (GET …/topics); official elements and exceptions the
 * student has not written are folded under it.
 */
export function AttackView({
  tree,
  onOpen,
  outlineId,
}: {
  tree: Tree;
  onOpen: (id: string) => void;
  outlineId: string;
}) {
  const topics = useMemo(() => attackOutline(asView(tree)), [tree]);
  const official = useQuery({
    queryKey: ["outline-topics", outlineId],
    queryFn: () => outlinesApi.officialTopics(outlineId),
    staleTime: 0,
  });
  const officialOf = useMemo(() => new Map((official.data ?? []).map((o) => [o.entryId, o])), [official.data]);
  if (!topics.length) return <p className="px-2 py-6 text-center text-sm text-slate-500">This outline is empty.</p>;
  return (
    <ol aria-label="Attack outline" className="grid gap-3 sm:grid-cols-2">
      {topics.map((t) => {
        const o = officialOf.get(t.id);
        const empty = !t.rule.length && !t.elements.length && !t.exceptions.length && !t.triggers.length && !o;
        return (
          <li
            key={t.id}
            data-testid="attack-topic"
            className="rounded-lg border border-slate-200 p-3 dark:border-slate-800"
          >
            <button type="button" className="text-left font-semibold hover:text-brand-700" onClick={() => onOpen(t.id)}>
              {t.title}
            </button>
            {empty ? (
              <p className="mt-1 text-xs text-slate-500">
                No rule yet: mark entries as rule, element, exception or trigger, or start them "Rule:".
              </p>
            ) : (
              <>
                <Items label="Rule" items={t.rule} onOpen={onOpen} />
                {!t.rule.length && o && <OfficialRule rule={o.rule} />}
                <Items label="Elements" items={t.elements} onOpen={onOpen} />
                <Items label="Exceptions" items={t.exceptions} onOpen={onOpen} />
                <Items label="Trigger facts" items={t.triggers} onOpen={onOpen} />
                {o && (
                  <OfficialParts
                    parts={[
                      ["Elements", t.elements.length ? [] : o.elements],
                      ["Exceptions", t.exceptions.length ? [] : o.exceptions],
                    ]}
                  />
                )}
                {o && !t.rule.length && (
                  <Link
                    to={o.href}
                    className="mt-2 inline-block text-xs text-brand-700 hover:underline dark:text-brand-300"
                  >
                    Lexmate official outline: {o.title}
                  </Link>
                )}
              </>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** Issue names only, in order: the one-page exam checklist. */
export function ChecklistView({ tree }: { tree: Tree }) {
  const items = useMemo(() => checklist(asView(tree)), [tree]);
  if (!items.length) return <p className="px-2 py-6 text-center text-sm text-slate-500">No issues yet.</p>;
  return (
    <ol aria-label="Checklist" className="columns-1 text-sm sm:columns-2">
      {items.map((c) => (
        <li
          key={c.id}
          className="flex break-inside-avoid items-center gap-2 py-0.5"
          style={{ paddingLeft: (c.depth - 1) * 16 }}
        >
          <input type="checkbox" aria-label={c.text} className="h-3.5 w-3.5" />
          <span className={c.depth === 1 ? "font-semibold" : undefined}>{c.text}</span>
        </li>
      ))}
    </ol>
  );
}

function Flow({ steps }: { steps: FlowStep[] }) {
  return (
    <ol className="flex flex-col items-stretch">
      {steps.map((s, i) => (
        <li key={s.id} className="flex flex-col items-center">
          <div
            data-testid="flow-step"
            className="w-full max-w-md rounded-lg border-2 border-brand-600/60 bg-brand-50/50 px-3 py-2 text-sm dark:bg-slate-800"
          >
            <p className="font-medium">{s.text}</p>
            {s.details.length > 0 && (
              <ul className="mt-1 list-disc pl-5 text-xs text-slate-600 dark:text-slate-300">
                {s.details.map((d, k) => (
                  <li key={`${s.id}-${k}`}>{d}</li>
                ))}
              </ul>
            )}
            {s.next.length > 0 && (
              <div className="mt-2 border-l-2 border-dashed border-slate-300 pl-3">
                <Flow steps={s.next} />
              </div>
            )}
          </div>
          {i < steps.length - 1 && <ArrowDown className="my-1 h-4 w-4 text-slate-400" aria-hidden />}
        </li>
      ))}
    </ol>
  );
}

/** The flow of a topic whose entries are marked as steps (pick the topic when there are several). */
export function FlowchartView({ tree }: { tree: Tree }) {
  const topics = useMemo(() => flowchartTopics(asView(tree)), [tree]);
  const [picked, setPicked] = useState<string | null>(null);
  const topic = topics.find((t) => t.id === picked) ?? topics[0];
  if (!topic)
    return (
      <p className="px-2 py-6 text-center text-sm text-slate-500">
        No flowchart yet: mark the entries under a topic as steps (Mark → Step) to draw one.
      </p>
    );
  return (
    <div>
      {topics.length > 1 && (
        <select
          aria-label="Flowchart of"
          className="mb-3 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900"
          value={topic.id}
          onChange={(e) => setPicked(e.target.value)}
        >
          {topics.map((t) => (
            <option key={t.id} value={t.id}>
              {t.text}
            </option>
          ))}
        </select>
      )}
      <h3 className="mb-2 text-center font-semibold">{topic.text}</h3>
      <Flow steps={flowchart(asView(tree), topic.id)} />
    </div>
  );
}

/** A read-only numbered tree (the past version and the current one side by side). */
function ReadTree({ tree, label }: { tree: Tree; label: string }) {
  const rows = useMemo(() => visibleRows(tree, new Set()), [tree]);
  return (
    <ol aria-label={label} className="space-y-0.5 text-sm">
      {rows.map((r) => (
        <li key={r.id} style={{ paddingLeft: (r.depth - 1) * 16 }} className="flex gap-2">
          <span className="min-w-6 text-right text-slate-500 tabular-nums">{r.label}</span>
          <span className={r.depth === 1 ? "font-semibold" : undefined}>{tree.byId.get(r.id)?.text}</span>
        </li>
      ))}
    </ol>
  );
}

const REASON: Record<string, string> = { auto: "Autosaved", manual: "Saved", restore: "Before a restore" };

/**
 * Version history: save now, pick a version to see it beside the current outline, restore it as
 * a new version (`onRestored` reloads the editor).
 */
export function HistoryView({
  outlineId,
  current,
  flush,
  version,
  tab,
  onRestored,
}: {
  outlineId: string;
  current: Tree;
  flush: () => Promise<void>;
  version: () => number;
  tab: string;
  onRestored: () => void;
}) {
  const qc = useQueryClient();
  const list = useQuery({ queryKey: ["outline-versions", outlineId], queryFn: () => outlinesApi.versions(outlineId) });
  const [picked, setPicked] = useState<string | null>(null);
  const past = useQuery({
    queryKey: ["outline-version", outlineId, picked],
    queryFn: () => outlinesApi.version(outlineId, picked!),
    enabled: !!picked,
  });
  const pastTree = useMemo(
    () => (past.data ? buildTree(past.data.entries.map((e) => ({ ...e, text: htmlToText(e.html) }))) : null),
    [past.data],
  );
  const save = useMutation({
    mutationFn: async () => {
      await flush();
      return outlinesApi.saveVersion(outlineId);
    },
    onSuccess: (v) => {
      void qc.invalidateQueries({ queryKey: ["outline-versions", outlineId] });
      toast.add({ title: `Saved version ${v.number}`, variant: "success" });
    },
  });
  const restore = useMutation({
    mutationFn: async () => {
      await flush();
      return outlinesApi.restoreVersion(outlineId, picked!, version(), tab);
    },
    onSuccess: () => {
      toast.add({ title: `Restored version ${past.data?.number}`, variant: "success" });
      void qc.invalidateQueries({ queryKey: ["outline-versions", outlineId] });
      onRestored();
    },
    onError: (e) => toast.add({ title: "Could not restore", description: e.message, variant: "destructive" }),
  });
  return (
    <div className="grid gap-4 lg:grid-cols-[14rem_1fr]">
      <div>
        <Button size="sm" variant="outline" onClick={() => save.mutate()} disabled={save.isPending}>
          <Save className="h-4 w-4" aria-hidden /> Save version now
        </Button>
        {list.isPending ? (
          <Spinner className="m-4" />
        ) : !list.data?.length ? (
          <p className="mt-3 text-xs text-slate-500">
            No versions yet. One is kept automatically when you start editing after a pause (at most every 5 minutes).
          </p>
        ) : (
          <ul aria-label="Versions" className="mt-3 space-y-1">
            {list.data.map((v) => (
              <li key={v.id}>
                <button
                  type="button"
                  onClick={() => setPicked(v.id)}
                  aria-pressed={picked === v.id}
                  className="w-full rounded-md px-2 py-1 text-left text-sm hover:bg-slate-100 aria-pressed:bg-brand-50 dark:hover:bg-slate-800"
                >
                  <span className="font-medium">Version {v.number}</span>
                  <span className="block text-xs text-slate-500">
                    {v.label || REASON[v.reason]} · {v.entryCount} entries · {relativeTime(v.createdAt)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {picked ? (
        <div>
          {past.isPending || !pastTree ? (
            <Spinner className="m-4" />
          ) : (
            <>
              <div className="flex flex-wrap items-center gap-2">
                <p className="text-sm font-medium">
                  <History className="mr-1 inline h-4 w-4" aria-hidden />
                  Version {past.data?.number} beside the current outline
                </p>
                <Button size="sm" className="ml-auto" onClick={() => restore.mutate()} disabled={restore.isPending}>
                  <RotateCcw className="h-4 w-4" aria-hidden /> Restore this version
                </Button>
              </div>
              <div className="mt-3 grid gap-4 md:grid-cols-2">
                <section className="rounded-lg border border-amber-300/70 p-3">
                  <h3 className="mb-2 text-xs font-semibold uppercase text-amber-700">Version {past.data?.number}</h3>
                  <ReadTree tree={pastTree} label={`Version ${past.data?.number}`} />
                </section>
                <section className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
                  <h3 className="mb-2 text-xs font-semibold uppercase text-slate-500">Current</h3>
                  <ReadTree tree={current} label="Current outline" />
                </section>
              </div>
            </>
          )}
        </div>
      ) : (
        <p className="text-sm text-slate-500">Pick a version to see it beside the current outline.</p>
      )}
    </div>
  );
}
