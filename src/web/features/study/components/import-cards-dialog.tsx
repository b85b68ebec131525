/** The "Import cards" dialog of a deck (/flashcards/decks/:id). */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import { FileUp } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Field } from "../../../components/ui/input";
import { ApiError, api } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { textareaClass } from "./study-ui";

/** "Import cards": a CSV/TSV file or pasted text, sent to the deck's import endpoint. */
export function ImportCardsDialog({
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
      size="xl"
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
