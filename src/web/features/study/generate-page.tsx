/**
 * /flashcards/generate — cards from the student's material (issue 6 §4): pick topics, case briefs
 * (official or their own), their saved notes, or paste text → drafts (by extraction, or the configured LLM) → review, edit and remove drafts
 * → save to a deck. Nothing is saved until the student says so.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Sparkles, Trash2, Wand2 } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../components/ui/button";
import { Badge, Card, Spinner } from "../../components/ui/card";
import { Select } from "../../components/ui/select";
import { Field, Input } from "../../components/ui/input";
import { api } from "../../lib/api";
import { briefsApi } from "../briefs/api";
import { notesApi } from "../notes/api";
import { toast } from "../../lib/toast";
import { overviewQuery, SUBJECT_NAMES } from "./api";
import { Chip, PageHeader, StudyPage, textareaClass } from "./components/study-ui";

type Source =
  | { type: "topic" | "brief" | "note"; id: string; title: string }
  | { type: "text"; title: string; text: string };
interface DraftRow {
  key: number;
  question: string;
  answer: string;
  kind: string;
  tags: string[];
  subjectId: string | null;
  topicId: string | null;
  source: { title: string };
}

export default function GeneratePage() {
  const [subject, setSubject] = useState("contracts");
  const [sources, setSources] = useState<Source[]>([]);
  const [noteTitle, setNoteTitle] = useState("");
  const [noteText, setNoteText] = useState("");
  const [useLlm, setUseLlm] = useState(false);
  const [drafts, setDrafts] = useState<DraftRow[] | null>(null);
  const [llmNote, setLlmNote] = useState<string | null>(null);
  const [deckId, setDeckId] = useState("");
  const [newDeck, setNewDeck] = useState("");
  const navigate = useNavigate();
  const qc = useQueryClient();
  const subjectData = useQuery({
    queryKey: ["subject", subject],
    queryFn: () =>
      api<{ topics: { id: string; title: string }[]; briefs: { id: string; name: string }[] }>(
        `/api/subjects/${subject}`,
      ),
  });
  const overview = useQuery(overviewQuery);
  // The student's own material: their case briefs (every subject) and their saved notes.
  const ownBriefs = useQuery({
    queryKey: ["case-briefs", "mine"],
    queryFn: () => briefsApi.list({ mine: "only" }),
    retry: false,
  });
  const ownNotes = useQuery({
    queryKey: ["notes", "generate"],
    queryFn: () => notesApi.list({ sort: "updated" }),
    retry: false,
  });
  const ownDecks = overview.data?.decks.filter((d) => !d.isOfficial) ?? [];
  const has = (type: string, id: string) => sources.some((s) => s.type === type && "id" in s && s.id === id);
  const toggle = (s: Source & { id: string }) =>
    setSources(
      has(s.type, s.id) ? sources.filter((x) => !("id" in x) || x.id !== s.id || x.type !== s.type) : [...sources, s],
    );

  const generate = useMutation({
    mutationFn: () => {
      const list = [
        ...sources.map((s) => (s.type === "text" ? s : { type: s.type, id: s.id })),
        ...(noteText.trim() ? [{ type: "text", title: noteTitle, text: noteText }] : []),
      ];
      return api<{ drafts: Omit<DraftRow, "key">[]; llm: string }>("/api/study/generate", {
        body: { sources: list, useLlm },
        timeoutMs: 60_000,
      });
    },
    onSuccess: (r) => {
      setDrafts(r.drafts.map((d, i) => ({ ...d, key: i })));
      setLlmNote(
        r.llm === "unavailable"
          ? "No AI provider is configured on this server, so the drafts were made by extraction."
          : null,
      );
    },
    onError: (e) =>
      toast.add({ title: "Could not draft cards", description: (e as Error).message, variant: "destructive" }),
  });
  const save = useMutation({
    // All or nothing: a deck created for these drafts is removed again if the cards are refused,
    // so a failed save (then a retry) never leaves empty "Generated cards" decks behind.
    mutationFn: async () => {
      const created = deckId
        ? null
        : (
            await api<{ deck: { id: string } }>("/api/study/decks", {
              body: { title: newDeck.trim() || "Generated cards", subjectId: subject },
            })
          ).deck.id;
      const target = created ?? deckId;
      try {
        await api(`/api/study/decks/${target}/cards/bulk`, {
          body: {
            source: "generated",
            cards: (drafts ?? []).map((d) => ({
              question: d.question,
              answer: d.answer,
              subjectId: d.subjectId,
              topicId: d.topicId,
              tags: d.tags.slice(0, 20),
            })),
          },
        });
      } catch (e) {
        if (created) await api(`/api/study/decks/${created}`, { method: "DELETE" }).catch(() => undefined);
        throw e;
      }
      return target;
    },
    onSuccess: (target) => {
      void qc.invalidateQueries({ queryKey: ["study"] });
      toast.add({ title: `Saved ${drafts?.length} cards`, variant: "success" });
      navigate(`/flashcards/decks/${target}`);
    },
    onError: (e) =>
      toast.add({ title: "Could not save the cards", description: (e as Error).message, variant: "destructive" }),
  });
  const edit = (key: number, patch: Partial<DraftRow>) =>
    setDrafts((ds) => ds?.map((d) => (d.key === key ? { ...d, ...patch } : d)) ?? null);
  const ready = sources.length > 0 || noteText.trim().length > 0;

  return (
    <StudyPage>
      <PageHeader
        title="Generate cards"
        subtitle="Turn topics, case briefs and your notes into flashcards. You review every draft before it is saved."
      />
      {!drafts ? (
        <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
          <Card className="space-y-5">
            <div className="flex flex-wrap gap-2">
              {Object.entries(SUBJECT_NAMES).map(([id, name]) => (
                <Chip key={id} active={subject === id} onClick={() => setSubject(id)}>
                  {name}
                </Chip>
              ))}
            </div>
            {subjectData.isPending ? (
              <Spinner className="text-brand-700" />
            ) : (
              <div className="grid gap-5 md:grid-cols-2">
                <div>
                  <h2 className="mb-2 text-sm font-semibold">Topics</h2>
                  <ul className="max-h-72 space-y-1 overflow-y-auto pr-1">
                    {subjectData.data?.topics.map((t) => (
                      <li key={t.id}>
                        <label className="flex cursor-pointer items-start gap-2 rounded-lg px-2 py-1 text-sm hover:bg-slate-50 dark:hover:bg-slate-800">
                          <input
                            type="checkbox"
                            className="mt-0.5 accent-brand-600"
                            checked={has("topic", t.id)}
                            onChange={() => toggle({ type: "topic", id: t.id, title: t.title })}
                          />
                          {t.title}
                        </label>
                      </li>
                    ))}
                  </ul>
                </div>
                <div>
                  <h2 className="mb-2 text-sm font-semibold">Case briefs</h2>
                  <ul className="max-h-72 space-y-1 overflow-y-auto pr-1">
                    {subjectData.data?.briefs.map((b) => (
                      <li key={b.id}>
                        <label className="flex cursor-pointer items-start gap-2 rounded-lg px-2 py-1 text-sm hover:bg-slate-50 dark:hover:bg-slate-800">
                          <input
                            type="checkbox"
                            className="mt-0.5 accent-brand-600"
                            checked={has("brief", b.id)}
                            onChange={() => toggle({ type: "brief", id: b.id, title: b.name })}
                          />
                          <i>{b.name}</i>
                        </label>
                      </li>
                    ))}
                  </ul>
                </div>
              </div>
            )}
            {(!!ownBriefs.data?.length || !!ownNotes.data?.notes.length) && (
              <div
                className="grid gap-5 border-t border-slate-100 pt-5 md:grid-cols-2 dark:border-slate-800"
                data-testid="own-material"
              >
                {!!ownBriefs.data?.length && (
                  <div>
                    <h2 className="mb-2 text-sm font-semibold">Your case briefs</h2>
                    <ul className="max-h-56 space-y-1 overflow-y-auto pr-1">
                      {ownBriefs.data.map((b) => (
                        <li key={b.id}>
                          <label className="flex cursor-pointer items-start gap-2 rounded-lg px-2 py-1 text-sm hover:bg-slate-50 dark:hover:bg-slate-800">
                            <input
                              type="checkbox"
                              className="mt-0.5 accent-brand-600"
                              checked={has("brief", b.id)}
                              onChange={() => toggle({ type: "brief", id: b.id, title: b.name })}
                            />
                            <i>{b.name}</i>
                          </label>
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
                {!!ownNotes.data?.notes.length && (
                  <div>
                    <h2 className="mb-2 text-sm font-semibold">Your saved notes</h2>
                    <ul className="max-h-56 space-y-1 overflow-y-auto pr-1">
                      {ownNotes.data.notes.map((n) => (
                        <li key={n.id}>
                          <label className="flex cursor-pointer items-start gap-2 rounded-lg px-2 py-1 text-sm hover:bg-slate-50 dark:hover:bg-slate-800">
                            <input
                              type="checkbox"
                              className="mt-0.5 accent-brand-600"
                              checked={has("note", n.id)}
                              onChange={() => toggle({ type: "note", id: n.id, title: n.title || "Untitled note" })}
                            />
                            {n.title || "Untitled note"}
                          </label>
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
              </div>
            )}
            <div className="border-t border-slate-100 pt-5 dark:border-slate-800">
              <h2 className="mb-2 text-sm font-semibold">Paste notes</h2>
              <div className="space-y-2">
                <Input
                  aria-label="Notes title"
                  placeholder="Title (becomes a tag)"
                  value={noteTitle}
                  onChange={(e) => setNoteTitle(e.target.value)}
                />
                <textarea
                  aria-label="Notes text"
                  rows={5}
                  className={textareaClass}
                  placeholder="Paste a note or outline section. Definitions and rule statements become cards."
                  value={noteText}
                  onChange={(e) => setNoteText(e.target.value)}
                />
              </div>
            </div>
          </Card>
          <Card className="h-fit space-y-4 lg:sticky lg:top-8">
            <h2 className="font-semibold">Selected</h2>
            {sources.length === 0 && !noteText.trim() ? (
              <p className="text-sm text-slate-500">Pick topics, briefs or notes, or paste text.</p>
            ) : (
              <div className="flex flex-wrap gap-1.5">
                {sources.map((s) => (
                  <Badge key={`${s.type}-${"id" in s ? s.id : ""}`}>{s.title}</Badge>
                ))}
                {noteText.trim() && <Badge>{noteTitle || "Notes"}</Badge>}
              </div>
            )}
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="accent-brand-600"
                checked={useLlm}
                onChange={(e) => setUseLlm(e.target.checked)}
              />{" "}
              Use the AI provider (if configured)
            </label>
            <Button
              className="w-full"
              disabled={!ready || generate.isPending}
              onClick={() => generate.mutate()}
              data-testid="draft-cards"
            >
              <Wand2 className="h-4 w-4" /> {generate.isPending ? "Drafting…" : "Draft cards"}
            </Button>
          </Card>
        </div>
      ) : (
        <div>
          {llmNote && (
            <p className="mb-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-950/40 dark:text-amber-200">
              {llmNote}
            </p>
          )}
          <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
            <p className="text-sm text-slate-600 dark:text-slate-400">
              <Sparkles className="mr-1 inline h-4 w-4 text-brand-600" />
              {drafts.length} drafts. Edit or remove any before saving.
            </p>
            <Button variant="ghost" onClick={() => setDrafts(null)}>
              Start over
            </Button>
          </div>
          <ol className="space-y-3">
            {drafts.map((d, i) => (
              <li
                key={d.key}
                className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
                data-testid="draft"
              >
                <div className="mb-2 flex items-center justify-between gap-2 text-xs text-slate-500">
                  <span>
                    #{i + 1} · {d.kind} · {d.source.title}
                  </span>
                  <button
                    type="button"
                    aria-label={`Remove draft ${i + 1}`}
                    className="rounded p-1 hover:bg-red-50 hover:text-red-600 dark:hover:bg-red-950/40"
                    onClick={() => setDrafts(drafts.filter((x) => x.key !== d.key))}
                  >
                    <Trash2 className="h-4 w-4" />
                  </button>
                </div>
                <div className="grid gap-2 md:grid-cols-2">
                  <textarea
                    aria-label={`Question ${i + 1}`}
                    rows={3}
                    className={textareaClass}
                    value={d.question}
                    onChange={(e) => edit(d.key, { question: e.target.value })}
                  />
                  <textarea
                    aria-label={`Answer ${i + 1}`}
                    rows={3}
                    className={textareaClass}
                    value={d.answer}
                    onChange={(e) => edit(d.key, { answer: e.target.value })}
                  />
                </div>
              </li>
            ))}
          </ol>
          <Card className="sticky bottom-4 mt-6 flex flex-wrap items-end gap-3 p-4">
            <Field label="Save to" htmlFor="gen-deck">
              <Select id="gen-deck" className="min-w-48" value={deckId} onChange={setDeckId}>
                <option value="">A new deck</option>
                {ownDecks.map((x) => (
                  <option key={x.id} value={x.id}>
                    {x.title}
                  </option>
                ))}
              </Select>
            </Field>
            {!deckId && (
              <Field label="New deck title" htmlFor="gen-new">
                <Input
                  id="gen-new"
                  value={newDeck}
                  onChange={(e) => setNewDeck(e.target.value)}
                  placeholder="Generated cards"
                />
              </Field>
            )}
            <Button
              className="ml-auto"
              disabled={!drafts.length || drafts.some((d) => !d.question.trim() || !d.answer.trim()) || save.isPending}
              onClick={() => save.mutate()}
              data-testid="save-drafts"
            >
              Save {drafts.length} cards
            </Button>
          </Card>
        </div>
      )}
    </StudyPage>
  );
}
