/** The card editor dialog of a deck (/flashcards/decks/:id). */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Field, Input } from "../../../components/ui/input";
import { Select, SubjectOptions } from "../../../components/ui/select";
import { api } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import type { DeckCard, DeckOverview } from "../api";
import { textareaClass } from "./study-ui";
import { SUBJECT_LIST } from "./subject-list";

const DIFFICULTIES = ["foundational", "intermediate", "advanced"] as const;

type Draft = {
  question: string;
  answer: string;
  subjectId: string;
  topicId: string;
  difficulty: string;
  tags: string;
  deckId: string;
};

/**
 * "Add card" / "Edit card": question, answer, subject, topic (of the card's or the deck's subject),
 * difficulty, tags and, when editing, the deck to move the card to. Adding keeps the dialog open
 * for the next card.
 */
export function CardEditor({
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
  const pick = (f: keyof Draft) => (v: string) => setD({ ...d, [f]: v, ...(f === "subjectId" ? { topicId: "" } : {}) });
  const up = (f: keyof Draft) => (e: { target: { value: string } }) => pick(f)(e.target.value);
  // Topics of the card's subject (or the deck's), so quizzes and results can group the card by topic.
  const topicSubject = d.subjectId || deckSubject;
  const topics = useQuery({
    queryKey: ["subject", topicSubject],
    queryFn: () => api<{ topics: { id: string; title: string }[] }>(`/api/subjects/${topicSubject}`),
    enabled: open && !!topicSubject,
    staleTime: 300_000,
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={card ? "Edit card" : "Add card"} size="xl">
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
            <Select id="card-subject" value={d.subjectId} onChange={pick("subjectId")}>
              <SubjectOptions subjects={SUBJECT_LIST} empty="Deck's subject" />
            </Select>
          </Field>
          <Field label="Topic" htmlFor="card-topic">
            <Select id="card-topic" value={d.topicId} onChange={pick("topicId")} disabled={!topicSubject}>
              <option value="">{topicSubject ? "None" : "Choose a subject first"}</option>
              {d.topicId && !topics.data?.topics.some((t) => t.id === d.topicId) && (
                <option value={d.topicId}>{d.topicId}</option>
              )}
              {topics.data?.topics.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.title}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Difficulty" htmlFor="card-difficulty">
            <Select id="card-difficulty" value={d.difficulty} onChange={pick("difficulty")}>
              {DIFFICULTIES.map((x) => (
                <option key={x} value={x}>
                  {x}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <Field label="Tags" htmlFor="card-tags" hint="Separate tags with commas.">
          <Input id="card-tags" value={d.tags} onChange={up("tags")} placeholder="mailbox rule, UCC" />
        </Field>
        {card && (
          <Field label="Deck" htmlFor="card-deck" hint="Move the card to another of your decks.">
            <Select id="card-deck" value={d.deckId} onChange={pick("deckId")}>
              {decks.map((x) => (
                <option key={x.id} value={x.id}>
                  {x.title}
                </option>
              ))}
            </Select>
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
