/** The "Tags" dialog on /notes: rename or delete the student's tags. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { Dialog } from "../../components/ui/dialog";
import { toast } from "../../lib/toast";
import { notesApi } from "./api";

/** Rename or delete a tag; notes keep their text. */
export function TagManager({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const qc = useQueryClient();
  const { data: tags } = useQuery({ queryKey: ["tags"], queryFn: notesApi.tags, enabled: open });
  const [editing, setEditing] = useState<{ id: string; name: string } | null>(null);
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ["tags"] });
    void qc.invalidateQueries({ queryKey: ["notes"] });
    void qc.invalidateQueries({ queryKey: ["note"] });
  };
  const rename = useMutation({
    mutationFn: (t: { id: string; name: string }) => notesApi.renameTag(t.id, t.name),
    onSuccess: () => {
      setEditing(null);
      refresh();
    },
    onError: (e) =>
      toast.add({ title: "Could not rename the tag", description: (e as Error).message, variant: "destructive" }),
  });
  const remove = useMutation({ mutationFn: (id: string) => notesApi.deleteTag(id), onSuccess: refresh });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Tags"
      description="Rename or delete a tag; notes keep their text."
      size="sm"
    >
      {!tags?.length ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">No tags yet. Add one from a note's tag line.</p>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {tags.map((t) => (
            <li key={t.id} className="flex items-center gap-2 py-2">
              {editing?.id === t.id ? (
                <form
                  className="flex flex-1 items-center gap-2"
                  onSubmit={(e) => {
                    e.preventDefault();
                    if (editing.name.trim()) rename.mutate({ id: t.id, name: editing.name.trim() });
                  }}
                >
                  <input
                    aria-label="Tag name"
                    ref={(el) => el?.focus()}
                    maxLength={40}
                    value={editing.name}
                    onChange={(e) => setEditing({ id: t.id, name: e.target.value })}
                    className="flex-1 rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-950"
                  />
                  <button
                    type="submit"
                    aria-label="Save tag name"
                    className="rounded p-1 text-brand-700 hover:bg-brand-50 dark:hover:bg-slate-800"
                  >
                    <Check className="h-4 w-4" />
                  </button>
                </form>
              ) : (
                <>
                  <span className="flex-1 text-sm font-medium">{t.name}</span>
                  <span className="text-xs text-slate-500 dark:text-slate-400">
                    {t.count} note{t.count === 1 ? "" : "s"}
                  </span>
                  <button
                    type="button"
                    aria-label={`Rename tag ${t.name}`}
                    onClick={() => setEditing({ id: t.id, name: t.name })}
                    className="rounded p-1 text-slate-500 dark:text-slate-400 hover:bg-slate-100 dark:hover:bg-slate-800"
                  >
                    <Pencil className="h-3.5 w-3.5" />
                  </button>
                  <button
                    type="button"
                    aria-label={`Delete tag ${t.name}`}
                    onClick={() => remove.mutate(t.id)}
                    className="rounded p-1 text-slate-500 dark:text-slate-400 hover:bg-red-50 hover:text-red-600 dark:hover:bg-red-950"
                  >
                    <Trash2 className="h-3.5 w-3.5" />
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
