/**
 * /flashcards/decks — browse decks: the student's own and the official ones by subject and topic;
 * create a deck. The deck itself is deck-page.tsx.
 */
import { useQuery } from "@tanstack/react-query";
import { Layers, Plus, Search } from "lucide-react";
import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { type DeckOverview, overviewQuery, SUBJECT_NAMES, subjectName } from "./api";
import { DeckTile } from "./components/deck-tile";
import { NewDeckDialog } from "./components/new-deck-dialog";
import { Chip, EmptyState, LoadError, PageHeader, StudyPage } from "./components/study-ui";

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
