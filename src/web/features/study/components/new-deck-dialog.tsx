/** The "New deck" dialog of /flashcards/decks. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Field, Input } from "../../../components/ui/input";
import { Select, SubjectOptions } from "../../../components/ui/select";
import { api } from "../../../lib/api";
import { SUBJECT_LIST } from "./subject-list";

/** The "New deck" dialog: title, optional subject and description; opens the new deck on success. */
export function NewDeckDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
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
          <Select id="deck-subject" value={subjectId} onChange={setSubjectId}>
            <SubjectOptions subjects={SUBJECT_LIST} empty="None" />
          </Select>
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
