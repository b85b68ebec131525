/**
 * The structured brief form (issue 5 §4): case details and one rich-text field per part of a
 * brief. 'Draft from the opinion' fills the parts with the opinion's own sentences (or, with a
 * language model configured, a written draft) for the student to edit; nothing is saved until
 * Save. A save from a stale copy is refused and the newer brief is shown.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { AlertTriangle, Check, Loader2, Sparkles, Trash2, Wand2 } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "../../components/ui/button";
import { ApiError, api } from "../../lib/api";
import { toast } from "../../lib/toast";
import { Select, SubjectOptions } from "../../components/ui/select";
import { useSubjects } from "../case-law/case-law-ui";
import { RichEditor } from "../notes/rich-editor";
import { type BriefDraft, briefsApi, SECTIONS, type SectionKey, type StudentBrief } from "./api";

const inputClass =
  "block w-full rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 focus:outline-none dark:border-slate-700 dark:bg-slate-950";
const emptySections = () => Object.fromEntries(SECTIONS.map(([k]) => [k, ""])) as Record<SectionKey, string>;

export function BriefEditor({
  initial,
  existing,
  opinionName,
}: {
  initial: BriefDraft;
  existing?: StudentBrief;
  opinionName?: string;
}) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { data: subjects } = useSubjects();
  const [form, setForm] = useState<BriefDraft>({ ...initial, sections: { ...emptySections(), ...initial.sections } });
  const topics = useQuery({
    queryKey: ["subject", form.subjectId],
    queryFn: () => api<{ topics: { id: string; title: string }[] }>(`/api/subjects/${form.subjectId}`),
    enabled: !!form.subjectId,
  });
  const [editorKey, setEditorKey] = useState(0);
  const [version, setVersion] = useState(existing?.version ?? 0);
  const [dirty, setDirty] = useState(false);
  const [conflict, setConflict] = useState<StudentBrief | null>(null);
  const [notes, setNotes] = useState<string[]>([]);

  const set = <K extends keyof BriefDraft>(k: K, v: BriefDraft[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    setDirty(true);
  };
  const replaceAll = (d: BriefDraft) => {
    setForm({ ...d, sections: { ...emptySections(), ...d.sections } });
    setEditorKey((k) => k + 1);
  };

  const draft = useMutation({
    mutationFn: (method: "extract" | "llm") => briefsApi.draft(form.opinionId!, method),
    onSuccess: (r) => {
      const hasText = Object.values(form.sections).some((v) => v.replace(/<[^>]+>/g, "").trim());
      if (hasText && !window.confirm("Replace what you have written with the draft?")) return;
      replaceAll({
        ...form,
        ...r.draft,
        name: form.name || r.draft.name,
        citation: form.citation || r.draft.citation,
        court: form.court || r.draft.court,
        year: form.year ?? r.draft.year,
        subjectId: form.subjectId ?? r.draft.subjectId,
      });
      setNotes(r.notes);
      setDirty(true);
      toast.add({
        title: r.method === "llm" ? "Draft written" : "Draft ready",
        description:
          r.method === "llm"
            ? "The model wrote this from the opinion. Check it against the text."
            : "These are the court's own sentences. Put them in your own words.",
        variant: "success",
      });
    },
    onError: (e) => toast.add({ title: "No draft", description: (e as Error).message, variant: "warning" }),
  });

  const save = useMutation({
    mutationFn: () => (existing ? briefsApi.save(existing.id, { ...form, version }) : briefsApi.create(form)),
    onSuccess: (b) => {
      setDirty(false);
      setVersion(b.version);
      setConflict(null);
      void qc.invalidateQueries({ queryKey: ["case-briefs"] });
      void qc.invalidateQueries({ queryKey: ["case-law", "opinion"] });
      qc.setQueryData(["student-brief", b.id], b);
      if (!existing) navigate(`/cases/${b.id}`, { replace: true });
      else toast.add({ title: "Brief saved", variant: "success" });
    },
    onError: (e) => {
      if (e instanceof ApiError && e.status === 409 && (e.details as { brief?: StudentBrief })?.brief) {
        const newer = (e.details as { brief: StudentBrief }).brief;
        setConflict(newer);
        setVersion(newer.version);
        replaceAll(newer);
        setDirty(false);
      } else toast.add({ title: "Not saved", description: (e as Error).message, variant: "destructive" });
    },
  });

  const remove = useMutation({
    mutationFn: () => briefsApi.remove(existing!.id),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ["case-briefs"] });
      toast.add({ title: "Brief deleted" });
      navigate("/cases");
    },
  });

  return (
    <form
      className="mx-auto max-w-4xl"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
      data-testid="brief-editor"
    >
      <div className="sticky top-0 z-10 -mx-4 mb-6 flex flex-wrap items-center justify-between gap-3 border-b border-slate-200/80 bg-white/90 px-4 py-3 backdrop-blur md:-mx-8 md:px-8 dark:border-slate-800 dark:bg-slate-950/90">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-slate-500 dark:text-slate-400 uppercase">
            {existing ? "Your brief" : "New brief"}
          </p>
          <p className="truncate text-sm font-medium italic">{form.name || "Untitled case"}</p>
        </div>
        <div className="flex items-center gap-2">
          <span className="text-xs text-slate-500 dark:text-slate-400" data-testid="brief-status" aria-live="polite">
            {save.isPending ? (
              <span className="inline-flex items-center gap-1">
                <Loader2 className="h-3.5 w-3.5 animate-spin" /> Saving…
              </span>
            ) : dirty ? (
              "Unsaved changes"
            ) : existing ? (
              <span className="inline-flex items-center gap-1">
                <Check className="h-3.5 w-3.5" /> Saved
              </span>
            ) : null}
          </span>
          {existing && (
            <Button
              variant="ghost"
              aria-label="Delete brief"
              onClick={() => window.confirm("Delete this brief?") && remove.mutate()}
            >
              <Trash2 className="h-4 w-4" />
            </Button>
          )}
          <Button type="submit" disabled={save.isPending || !form.name.trim() || (!dirty && !!existing)}>
            Save brief
          </Button>
        </div>
      </div>

      {conflict && (
        <div
          role="alert"
          data-testid="brief-conflict"
          className="mb-6 flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100"
        >
          <AlertTriangle className="h-5 w-5 shrink-0" />
          <p>
            <strong>This brief was changed in another tab or window.</strong> Your edit was not saved; the newer version
            is shown below.
          </p>
        </div>
      )}

      <section className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:grid-cols-6 dark:border-slate-800 dark:bg-slate-900">
        <label className="sm:col-span-6">
          <span className="text-sm font-medium">Case name</span>
          <input
            className={`${inputClass} mt-1 italic`}
            value={form.name}
            maxLength={200}
            required
            onChange={(e) => set("name", e.target.value)}
            placeholder="Party v. Party"
          />
        </label>
        <label className="sm:col-span-2">
          <span className="text-sm font-medium">Citation</span>
          <input
            className={`${inputClass} mt-1`}
            value={form.citation ?? ""}
            maxLength={120}
            onChange={(e) => set("citation", e.target.value || null)}
            placeholder="326 U.S. 310"
          />
        </label>
        <label className="sm:col-span-3">
          <span className="text-sm font-medium">Court</span>
          <input
            className={`${inputClass} mt-1`}
            value={form.court ?? ""}
            maxLength={200}
            onChange={(e) => set("court", e.target.value || null)}
          />
        </label>
        <label className="sm:col-span-1">
          <span className="text-sm font-medium">Year</span>
          <input
            className={`${inputClass} mt-1`}
            inputMode="numeric"
            value={form.year ?? ""}
            onChange={(e) => set("year", e.target.value ? Number(e.target.value.replace(/\D/g, "").slice(0, 4)) : null)}
          />
        </label>
        <div className="sm:col-span-3">
          <span className="text-sm font-medium">Subject and topic</span>
          <div className="mt-1 grid grid-cols-2 gap-2">
            <Select
              label="Subject"
              value={form.subjectId ?? ""}
              onChange={(v) => {
                set("subjectId", v || null);
                set("topicIds", []);
              }}
            >
              <SubjectOptions subjects={subjects} empty="No subject" />
            </Select>
            <Select label="Topic" value={form.topicIds?.[0] ?? ""} onChange={(v) => set("topicIds", v ? [v] : [])}>
              <option value="">{form.subjectId ? "No topic" : "Topic"}</option>
              {topics.data?.topics.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.title}
                </option>
              ))}
            </Select>
          </div>
        </div>
        <div className="flex flex-col justify-end sm:col-span-3">
          {form.opinionId ? (
            <div className="flex flex-wrap items-center gap-2">
              <Button
                variant="secondary"
                onClick={() => draft.mutate("extract")}
                disabled={draft.isPending}
                data-testid="draft-extract"
              >
                <Wand2 className="h-4 w-4" />{" "}
                {draft.isPending && draft.variables === "extract" ? "Drafting…" : "Draft from the opinion"}
              </Button>
              <Button
                variant="ghost"
                onClick={() => draft.mutate("llm")}
                disabled={draft.isPending}
                title="Uses the language model the server is configured with"
              >
                <Sparkles className="h-4 w-4" />{" "}
                {draft.isPending && draft.variables === "llm" ? "Writing…" : "Draft with AI"}
              </Button>
            </div>
          ) : (
            <p className="text-sm text-slate-500 dark:text-slate-400">
              Briefing from scratch. To draft from an opinion, open it in{" "}
              <Link to="/case-law" className="text-brand-700 underline dark:text-brand-100">
                Case law
              </Link>{" "}
              and choose Brief this case.
            </p>
          )}
          {opinionName && form.opinionId && (
            <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
              Opinion:{" "}
              <Link to={`/case-law/${form.opinionId}`} className="italic hover:underline">
                {opinionName}
              </Link>
            </p>
          )}
        </div>
      </section>

      {notes.length > 0 && (
        <p className="mt-4 rounded-lg bg-slate-50 px-4 py-2 text-sm text-slate-600 dark:bg-slate-900 dark:text-slate-400">
          {notes.join(" ")}
        </p>
      )}

      <div className="mt-6 space-y-4">
        {SECTIONS.map(([key, label, hint]) => (
          <section
            key={key}
            className="rounded-2xl border border-slate-200 bg-white p-5 focus-within:border-brand-400 focus-within:ring-4 focus-within:ring-brand-500/10 dark:border-slate-800 dark:bg-slate-900"
            data-testid={`section-${key}`}
          >
            <h2 className="text-sm font-semibold">{label}</h2>
            <p className="text-xs text-slate-500 dark:text-slate-400">{hint}</p>
            <RichEditor
              key={`${key}-${editorKey}`}
              compact
              label={label}
              html={form.sections[key]}
              placeholder={`${label}…`}
              className="mt-3"
              onChange={(h) => {
                setForm((f) => ({ ...f, sections: { ...f.sections, [key]: h } }));
                setDirty(true);
              }}
            />
          </section>
        ))}
      </div>
    </form>
  );
}
