/**
 * /flashcards/decks — browse decks: the student's own and the official ones by subject and topic;
 * create a deck. /flashcards/decks/:id — a deck's cards: add, edit, move, delete (own decks),
 * import CSV/TSV, export CSV/TSV, study. Premium decks show an upgrade card to Free users.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import { ArrowLeft, Download, FileUp, Layers, Lock, Pencil, Play, Plus, Search, Trash2, Zap } from "lucide-react";
import { useMemo, useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { Button, buttonClass } from "../../components/ui/button";
import { Badge, Spinner } from "../../components/ui/card";
import { Field, Input } from "../../components/ui/input";
import { ApiError, api } from "../../lib/api";
import { toast } from "../../lib/toast";
import { NotFoundPage } from "../shell/screens";
import { type DeckCard, type DeckOverview, deckQuery, overviewQuery, SUBJECT_NAMES, subjectName } from "./api";
import {
  Chip,
  Dialog,
  EmptyState,
  LoadError,
  PageHeader,
  StudyPage,
  StudyUpgrade,
  selectClass,
  textareaClass,
} from "./components/study-ui";

const DIFFICULTIES = ["foundational", "intermediate", "advanced"] as const;

function NewDeckDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const [title, setTitle] = useState("");
  const [subjectId, setSubjectId] = useState("");
  const [description, setDescription] = useState("");
  const [err, setErr] = useState<string | null>(null);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const create = useMutation({
    mutationFn: () =>
      api<{ deck: { id: string } }>("/api/study/decks", { body: { title, description, subjectId: subjectId || null } }),
    onSuccess: (r) => {
      void qc.invalidateQueries({ queryKey: ["study"] });
      onOpenChange(false);
      navigate(`/flashcards/decks/${r.deck.id}`);
    },
    onError: (e) => setErr((e as Error).message),
  });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="New deck"
      description="A deck of your own: add cards by hand, import a file or generate them from your material."
    >
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (!title.trim()) return setErr("Give the deck a title.");
          create.mutate();
        }}
      >
        <Field label="Title" htmlFor="deck-title" error={err}>
          <Input
            id="deck-title"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            placeholder="e.g. Contracts — midterm"
            autoFocus
          />
        </Field>
        <Field label="Subject" htmlFor="deck-subject">
          <select
            id="deck-subject"
            className={selectClass}
            value={subjectId}
            onChange={(e) => setSubjectId(e.target.value)}
          >
            <option value="">None</option>
            {Object.entries(SUBJECT_NAMES).map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Description" htmlFor="deck-description">
          <Input
            id="deck-description"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            placeholder="Optional"
          />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            Create deck
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function DeckTile({ d }: { d: DeckOverview }) {
  return (
    <Link
      to={`/flashcards/decks/${d.id}`}
      data-testid="deck-tile"
      className="group flex flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-400 hover:shadow-md dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-start justify-between gap-2">
        <p className="line-clamp-2 font-semibold text-slate-900 group-hover:text-brand-700 dark:text-slate-100 dark:group-hover:text-brand-100">
          {d.title}
        </p>
        {d.locked ? (
          <Lock className="h-4 w-4 shrink-0 text-slate-400" aria-label="Premium" />
        ) : d.isOfficial && !d.isFree ? (
          <Badge className="bg-brand-50 text-brand-700 dark:bg-brand-700/20 dark:text-brand-100">premium</Badge>
        ) : d.isFree ? (
          <Badge className="bg-emerald-50 text-emerald-700 dark:bg-emerald-900/30 dark:text-emerald-300">free</Badge>
        ) : null}
      </div>
      {d.description && <p className="mt-1 line-clamp-2 text-sm text-slate-600 dark:text-slate-400">{d.description}</p>}
      <p className="mt-auto pt-3 text-xs text-slate-500">
        {d.total} cards{!d.locked && d.due + d.learning > 0 ? ` · ${d.due + d.learning} due` : ""}
        {!d.locked && d.new ? ` · ${d.new} new` : ""}
      </p>
    </Link>
  );
}

/** Official decks shown per subject when browsing every subject. */
const PREVIEW = 6;
const deckMatches = (d: DeckOverview, subject: string, q: string) =>
  (!subject || d.subjectId === subject) &&
  (!q || d.title.toLowerCase().includes(q) || d.description.toLowerCase().includes(q));

export function DecksPage() {
  const [params, setParams] = useSearchParams();
  const { data, isPending, error, refetch } = useQuery(overviewQuery);
  const subject = params.get("subject") ?? "";
  const q = (params.get("q") ?? "").toLowerCase();
  const [creating, setCreating] = useState(params.get("new") === "1");
  const set = (k: string, v: string) => {
    const n = new URLSearchParams(params);
    if (v) n.set(k, v);
    else n.delete(k);
    n.delete("new");
    setParams(n, { replace: true });
  };
  const own = useMemo(
    () => data?.decks.filter((d) => !d.isOfficial && deckMatches(d, subject, q)) ?? [],
    [data, subject, q],
  );
  const official = useMemo(
    () => data?.decks.filter((d) => d.isOfficial && deckMatches(d, subject, q)) ?? [],
    [data, subject, q],
  );
  const grouped = useMemo(() => {
    const m = new Map<string, DeckOverview[]>();
    for (const d of official) m.set(d.subjectId ?? "", [...(m.get(d.subjectId ?? "") ?? []), d]);
    return [...m.entries()].sort((a, b) => subjectName(a[0]).localeCompare(subjectName(b[0])));
  }, [official]);

  return (
    <StudyPage wide>
      <PageHeader
        title="Decks"
        subtitle="Your decks and the official decks, by subject and topic."
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus className="h-4 w-4" /> New deck
          </Button>
        }
      />
      <NewDeckDialog open={creating} onOpenChange={setCreating} />
      <div className="mb-6 flex flex-col gap-3 md:flex-row md:items-center">
        <div className="relative md:w-72">
          <Search className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-slate-400" />
          <Input
            aria-label="Search decks"
            placeholder="Search decks"
            className="pl-9"
            value={params.get("q") ?? ""}
            onChange={(e) => set("q", e.target.value)}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Chip active={!subject} onClick={() => set("subject", "")}>
            All subjects
          </Chip>
          {Object.entries(SUBJECT_NAMES).map(([id, name]) => (
            <Chip key={id} active={subject === id} onClick={() => set("subject", id)}>
              {name}
            </Chip>
          ))}
        </div>
      </div>
      {error ? (
        <LoadError what="your decks" error={error} onRetry={() => void refetch()} />
      ) : isPending ? (
        <Spinner className="m-10 text-brand-700" />
      ) : (
        <>
          <section>
            <h2 className="mb-3 text-lg font-semibold">Your decks</h2>
            {own.length ? (
              <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {own.map((d) => (
                  <DeckTile key={d.id} d={d} />
                ))}
              </div>
            ) : (
              <EmptyState icon={Layers} title={q || subject ? "No deck of yours matches" : "You have no decks yet"}>
                Create one, then add cards, import a CSV/TSV file from Anki or Quizlet, or generate cards.
              </EmptyState>
            )}
          </section>
          {grouped.map(([s, list]) => {
            // Browsing every subject at once shows a few decks each; a subject (or a search) shows all.
            const shown = subject || q ? list : list.slice(0, PREVIEW);
            return (
              <section key={s} className="mt-10">
                <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
                  <h2 className="text-lg font-semibold">
                    {subjectName(s)}{" "}
                    <span className="text-sm font-normal text-slate-500">· {list.length} official decks</span>
                  </h2>
                  {shown.length < list.length && (
                    <button
                      type="button"
                      className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-100"
                      onClick={() => set("subject", s)}
                    >
                      Show all {list.length}
                    </button>
                  )}
                </div>
                <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                  {shown.map((d) => (
                    <DeckTile key={d.id} d={d} />
                  ))}
                </div>
              </section>
            );
          })}
        </>
      )}
    </StudyPage>
  );
}

type Draft = {
  question: string;
  answer: string;
  subjectId: string;
  topicId: string;
  difficulty: string;
  tags: string;
  deckId: string;
};

function CardEditor({
  open,
  onOpenChange,
  deckId,
  deckSubject,
  card,
  decks,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  deckId: string;
  deckSubject: string | null;
  card: DeckCard | null;
  decks: DeckOverview[];
}) {
  const blank: Draft = {
    question: "",
    answer: "",
    subjectId: "",
    topicId: "",
    difficulty: "intermediate",
    tags: "",
    deckId,
  };
  const [d, setD] = useState<Draft>(blank);
  const [err, setErr] = useState<string | null>(null);
  const [key, setKey] = useState<string | null>(null);
  const k = `${card?.id ?? "new"}-${open}`;
  if (key !== k) {
    setKey(k);
    setErr(null);
    setD(
      card
        ? {
            question: card.question,
            answer: card.answer,
            subjectId: card.subjectId ?? "",
            topicId: card.topicId ?? "",
            difficulty: card.difficulty,
            tags: card.tags.join(", "),
            deckId,
          }
        : blank,
    );
  }
  const qc = useQueryClient();
  const save = useMutation({
    mutationFn: () => {
      const body = {
        question: d.question,
        answer: d.answer,
        subjectId: d.subjectId || null,
        topicId: d.topicId || null,
        difficulty: d.difficulty,
        tags: d.tags
          .split(",")
          .map((t) => t.trim())
          .filter(Boolean),
      };
      return card
        ? api(`/api/study/cards/${card.id}`, {
            method: "PATCH",
            body: { ...body, ...(d.deckId !== deckId ? { deckId: d.deckId } : {}) },
          })
        : api(`/api/study/decks/${deckId}/cards`, { body });
    },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ["study"] });
      toast.add({
        title: card ? (d.deckId !== deckId ? "Card moved" : "Card saved") : "Card added",
        variant: "success",
      });
      if (card) onOpenChange(false);
      else setD({ ...blank, subjectId: d.subjectId, topicId: d.topicId, difficulty: d.difficulty, tags: d.tags });
    },
    onError: (e) => setErr((e as Error).message),
  });
  const up = (f: keyof Draft) => (e: { target: { value: string } }) =>
    setD({ ...d, [f]: e.target.value, ...(f === "subjectId" ? { topicId: "" } : {}) });
  // Topics of the card's subject (or the deck's), so quizzes and results can group the card by topic.
  const topicSubject = d.subjectId || deckSubject;
  const topics = useQuery({
    queryKey: ["subject", topicSubject],
    queryFn: () => api<{ topics: { id: string; title: string }[] }>(`/api/subjects/${topicSubject}`),
    enabled: open && !!topicSubject,
    staleTime: 300_000,
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={card ? "Edit card" : "Add card"} wide>
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (!d.question.trim() || !d.answer.trim()) return setErr("A card needs a question and an answer.");
          save.mutate();
        }}
      >
        <Field label="Question (front)" htmlFor="card-question">
          <textarea
            id="card-question"
            rows={3}
            className={textareaClass}
            value={d.question}
            onChange={up("question")}
            autoFocus
          />
        </Field>
        <Field label="Answer (back)" htmlFor="card-answer">
          <textarea id="card-answer" rows={4} className={textareaClass} value={d.answer} onChange={up("answer")} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Subject" htmlFor="card-subject">
            <select id="card-subject" className={selectClass} value={d.subjectId} onChange={up("subjectId")}>
              <option value="">Deck's subject</option>
              {Object.entries(SUBJECT_NAMES).map(([id, name]) => (
                <option key={id} value={id}>
                  {name}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Topic" htmlFor="card-topic">
            <select
              id="card-topic"
              className={selectClass}
              value={d.topicId}
              onChange={up("topicId")}
              disabled={!topicSubject}
            >
              <option value="">{topicSubject ? "None" : "Choose a subject first"}</option>
              {d.topicId && !topics.data?.topics.some((t) => t.id === d.topicId) && (
                <option value={d.topicId}>{d.topicId}</option>
              )}
              {topics.data?.topics.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.title}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Difficulty" htmlFor="card-difficulty">
            <select id="card-difficulty" className={selectClass} value={d.difficulty} onChange={up("difficulty")}>
              {DIFFICULTIES.map((x) => (
                <option key={x} value={x}>
                  {x}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <Field label="Tags" htmlFor="card-tags" hint="Separate tags with commas.">
          <Input id="card-tags" value={d.tags} onChange={up("tags")} placeholder="mailbox rule, UCC" />
        </Field>
        {card && (
          <Field label="Deck" htmlFor="card-deck" hint="Move the card to another of your decks.">
            <select id="card-deck" className={selectClass} value={d.deckId} onChange={up("deckId")}>
              {decks.map((x) => (
                <option key={x.id} value={x.id}>
                  {x.title}
                </option>
              ))}
            </select>
          </Field>
        )}
        {err && (
          <p role="alert" className="text-sm text-red-600">
            {err}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            {card ? "Cancel" : "Done"}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {card ? "Save card" : "Add card"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function ImportDialog({
  open,
  onOpenChange,
  deckId,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  deckId: string;
}) {
  const [text, setText] = useState("");
  const [name, setName] = useState("");
  const [err, setErr] = useState<string | null>(null);
  const qc = useQueryClient();
  const run = useMutation({
    mutationFn: () =>
      api<{ imported: number }>(`/api/study/decks/${deckId}/import`, { body: { text }, timeoutMs: 60_000 }),
    onSuccess: (r) => {
      void qc.invalidateQueries({ queryKey: ["study"] });
      toast.add({ title: `Imported ${r.imported} cards`, variant: "success" });
      setText("");
      setName("");
      onOpenChange(false);
    },
    onError: (e) => setErr(e instanceof ApiError ? e.message : (e as Error).message),
  });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Import cards"
      description="A CSV or TSV file from Anki (Notes in Plain Text) or Quizlet: front, back and optional tags on each line. Quoted fields may hold commas, tabs and new lines."
      wide
    >
      <div className="space-y-4">
        <label className="flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed border-slate-300 px-4 py-6 text-sm text-slate-600 hover:border-brand-400 dark:border-slate-700 dark:text-slate-400">
          <FileUp className="h-6 w-6 text-brand-600" />
          <span>{name || "Choose a .csv, .tsv or .txt file"}</span>
          <input
            type="file"
            accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
            className="sr-only"
            data-testid="import-file"
            onChange={async (e) => {
              const f = e.target.files?.[0];
              if (!f) return;
              setErr(null);
              setName(f.name);
              setText(await f.text());
            }}
          />
        </label>
        <Field label="Or paste the cards" htmlFor="import-text">
          <textarea
            id="import-text"
            rows={6}
            className={clsx(textareaClass, "font-mono text-xs")}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={"What is consideration?\tA bargained-for exchange\tcontracts"}
          />
        </Field>
        {err && (
          <p
            role="alert"
            className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/40 dark:text-red-300"
          >
            {err}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button disabled={!text.trim() || run.isPending} onClick={() => run.mutate()}>
            {run.isPending ? "Importing…" : "Import"}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

export function DeckPage() {
  const { deckId = "" } = useParams();
  const { data, isPending, error, refetch } = useQuery(deckQuery(deckId));
  const overview = useQuery(overviewQuery);
  const [editing, setEditing] = useState<DeckCard | null>(null);
  const [editorOpen, setEditorOpen] = useState(false);
  const [importing, setImporting] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const [title, setTitle] = useState("");
  const [filter, setFilter] = useState("");
  const qc = useQueryClient();
  const navigate = useNavigate();
  const del = useMutation({
    mutationFn: (id: string) => api(`/api/study/cards/${id}`, { method: "DELETE" }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ["study"] }),
    onError: (e) =>
      toast.add({ title: "Could not delete the card", description: (e as Error).message, variant: "destructive" }),
  });
  const delDeck = useMutation({
    mutationFn: () => api(`/api/study/decks/${deckId}`, { method: "DELETE" }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ["study"] });
      navigate("/flashcards/decks");
    },
  });
  const rename = useMutation({
    mutationFn: () => api(`/api/study/decks/${deckId}`, { method: "PATCH", body: { title } }),
    onSuccess: () => {
      setRenaming(false);
      void qc.invalidateQueries({ queryKey: ["study"] });
    },
    onError: (e) =>
      toast.add({ title: "Could not rename the deck", description: (e as Error).message, variant: "destructive" }),
  });
  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />;
  if (error)
    return (
      <StudyPage wide>
        <LoadError what="this deck" error={error} onRetry={() => void refetch()} />
      </StudyPage>
    );
  if (isPending || !data)
    return (
      <StudyPage>
        <Spinner className="m-10 text-brand-700" />
      </StudyPage>
    );
  const { deck, cards } = data;
  const shown = filter
    ? cards.filter((c) => `${c.question} ${c.answer} ${c.tags.join(" ")}`.toLowerCase().includes(filter.toLowerCase()))
    : cards;
  const ownDecks = overview.data?.decks.filter((d) => !d.isOfficial) ?? [];

  return (
    <StudyPage wide>
      <Link to="/flashcards/decks" className="inline-flex items-center gap-1 text-sm text-slate-500 hover:underline">
        <ArrowLeft className="h-4 w-4" /> Decks
      </Link>
      <div className="mt-2 mb-6 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          {renaming ? (
            <form
              className="flex gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                if (title.trim()) rename.mutate();
              }}
            >
              <Input aria-label="Deck title" value={title} onChange={(e) => setTitle(e.target.value)} autoFocus />
              <Button type="submit" size="sm">
                Save
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setRenaming(false)}>
                Cancel
              </Button>
            </form>
          ) : (
            <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight">
              {deck.title}
              {deck.editable && (
                <button
                  type="button"
                  aria-label="Rename deck"
                  className="rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700 dark:hover:bg-slate-800"
                  onClick={() => {
                    setTitle(deck.title);
                    setRenaming(true);
                  }}
                >
                  <Pencil className="h-4 w-4" />
                </button>
              )}
            </h1>
          )}
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
            <span>{subjectName(deck.subjectId)}</span>·<span>{deck.cardCount} cards</span>
            {deck.isPremium && (
              <Badge className="bg-brand-50 text-brand-700 dark:bg-brand-700/20 dark:text-brand-100">premium</Badge>
            )}
            {deck.isFree && (
              <Badge className="bg-emerald-50 text-emerald-700 dark:bg-emerald-900/30 dark:text-emerald-300">
                free sample
              </Badge>
            )}
          </p>
          {deck.description && (
            <p className="mt-2 max-w-2xl text-sm text-slate-600 dark:text-slate-400">{deck.description}</p>
          )}
        </div>
        {!deck.locked && (
          <div className="flex flex-wrap gap-2">
            <Link
              to={`/flashcards/study/session?decks=${deck.id}`}
              className={buttonClass("primary")}
              data-testid="study-deck"
            >
              <Play className="h-4 w-4" /> Study
            </Link>
            <Link to={`/flashcards/study/session?decks=${deck.id}&cram=1`} className={buttonClass("outline")}>
              <Zap className="h-4 w-4" /> Cram
            </Link>
            <a href={`/api/study/decks/${deck.id}/export?format=csv`} className={buttonClass("outline")} download>
              <Download className="h-4 w-4" /> CSV
            </a>
            <a
              href={`/api/study/decks/${deck.id}/export?format=tsv&anki=1`}
              className={buttonClass("outline")}
              download
            >
              <Download className="h-4 w-4" /> TSV (Anki)
            </a>
          </div>
        )}
      </div>

      {deck.locked ? (
        <StudyUpgrade
          title="This deck is part of Unlimited"
          secondary={
            <Link to="/flashcards/study" className={buttonClass("outline")}>
              Study the free decks
            </Link>
          }
        >
          Its {deck.cardCount} cards, every other official deck and the question bank come with Unlimited (and the 7-day
          trial). Free includes your own decks and the free sample decks.
        </StudyUpgrade>
      ) : (
        <>
          <div className="mb-3 flex flex-wrap items-center gap-2">
            <div className="relative w-full sm:w-auto sm:flex-1 sm:max-w-xs">
              <Search className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-slate-400" />
              <Input
                aria-label="Filter cards"
                placeholder="Filter cards"
                className="pl-9"
                value={filter}
                onChange={(e) => setFilter(e.target.value)}
              />
            </div>
            {deck.editable && (
              <>
                <Button
                  onClick={() => {
                    setEditing(null);
                    setEditorOpen(true);
                  }}
                >
                  <Plus className="h-4 w-4" /> Add card
                </Button>
                <Button variant="outline" onClick={() => setImporting(true)}>
                  <FileUp className="h-4 w-4" /> Import
                </Button>
                <Button
                  variant="ghost"
                  className="text-red-600"
                  onClick={() => {
                    if (window.confirm(`Delete the deck "${deck.title}" and its ${deck.cardCount} cards?`))
                      delDeck.mutate();
                  }}
                >
                  <Trash2 className="h-4 w-4" /> Delete deck
                </Button>
              </>
            )}
          </div>
          {shown.length === 0 ? (
            <EmptyState icon={Layers} title={cards.length ? "No card matches" : "This deck is empty"}>
              {deck.editable && !cards.length
                ? "Add a card, import a file, or generate cards from a case brief."
                : null}
            </EmptyState>
          ) : (
            <ul
              className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
              data-testid="card-list"
            >
              {shown.map((c) => (
                <li
                  key={c.id}
                  className="grid gap-2 px-4 py-3 sm:grid-cols-[1fr_1fr_auto] sm:gap-4"
                  data-testid="card-row"
                >
                  <p className="line-clamp-3 text-sm font-medium whitespace-pre-wrap text-slate-900 dark:text-slate-100">
                    {c.question}
                  </p>
                  <p className="line-clamp-3 text-sm whitespace-pre-wrap text-slate-600 dark:text-slate-400">
                    {c.answer}
                  </p>
                  <div className="flex items-center gap-2 sm:justify-end">
                    <span
                      className={clsx(
                        "text-xs font-medium",
                        c.state === "new"
                          ? "text-emerald-600"
                          : c.state === "review"
                            ? "text-sky-600"
                            : "text-amber-600",
                      )}
                    >
                      {c.state}
                    </span>
                    {c.due && c.state !== "new" && (
                      <span className="text-xs text-slate-500">due {new Date(c.due).toLocaleDateString()}</span>
                    )}
                    {deck.editable && (
                      <>
                        <button
                          type="button"
                          aria-label="Edit card"
                          className="rounded p-1.5 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
                          onClick={() => {
                            setEditing(c);
                            setEditorOpen(true);
                          }}
                        >
                          <Pencil className="h-4 w-4" />
                        </button>
                        <button
                          type="button"
                          aria-label="Delete card"
                          className="rounded p-1.5 text-slate-500 hover:bg-red-50 hover:text-red-600 dark:hover:bg-red-950/40"
                          onClick={() => {
                            if (
                              window.confirm(
                                "Delete this card and its schedule? Your past reviews stay in your statistics.",
                              )
                            )
                              del.mutate(c.id);
                          }}
                        >
                          <Trash2 className="h-4 w-4" />
                        </button>
                      </>
                    )}
                  </div>
                  {c.tags.length > 0 && (
                    <div className="flex flex-wrap gap-1 sm:col-span-3">
                      {c.tags.map((t) => (
                        <Badge key={t}>{t}</Badge>
                      ))}
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
          <CardEditor
            open={editorOpen}
            onOpenChange={setEditorOpen}
            deckId={deck.id}
            deckSubject={deck.subjectId}
            card={editing}
            decks={ownDecks}
          />
          <ImportDialog open={importing} onOpenChange={setImporting} deckId={deck.id} />
        </>
      )}
    </StudyPage>
  );
}
