/**
 * /flashcards/decks/:id — a deck's cards: add, edit, move, delete (own decks), import CSV/TSV,
 * export CSV/TSV, study. Premium decks show an upgrade card to Free users.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import { ArrowLeft, Download, FileUp, Layers, Pencil, Play, Plus, Search, Trash2, Zap } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { Button, buttonClass } from "../../components/ui/button";
import { Badge, Spinner } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { ApiError, api } from "../../lib/api";
import { toast } from "../../lib/toast";
import { NotFoundPage } from "../shell/screens";
import { type DeckCard, deckQuery, overviewQuery, subjectName } from "./api";
import { CardEditor } from "./components/card-editor";
import { ImportCardsDialog } from "./components/import-cards-dialog";
import { EmptyState, LoadError, StudyPage, StudyUpgrade } from "./components/study-ui";

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
          <ImportCardsDialog open={importing} onOpenChange={setImporting} deckId={deck.id} />
        </>
      )}
    </StudyPage>
  );
}
