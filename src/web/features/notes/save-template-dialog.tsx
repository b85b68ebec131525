/** "Save as template" on /notes: a note's HTML becomes one of the student's templates. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { toast } from "../../lib/toast";
import { notesApi } from "./api";

/** Opens while `source` is set; saves it under a name and a description. */
export function SaveTemplateDialog({
  source,
  onClose,
}: {
  source: { title: string; html: string } | null;
  onClose: () => void;
}) {
  const qc = useQueryClient();
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  useEffect(() => {
    if (source) setTitle(source.title);
  }, [source]);
  const save = useMutation({
    mutationFn: () => notesApi.saveTemplate({ title, description, html: source?.html || "<p></p>" }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ["note-templates"] });
      toast.add({ title: "Template saved", variant: "success" });
      onClose();
    },
    onError: (e) =>
      toast.add({ title: "Could not save the template", description: (e as Error).message, variant: "destructive" }),
  });
  return (
    <Dialog
      open={!!source}
      onOpenChange={(o) => !o && onClose()}
      title="Save as template"
      description="New notes can start from it."
      size="sm"
    >
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (title.trim()) save.mutate();
        }}
      >
        <label className="block text-sm font-medium">
          Name
          <input
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            maxLength={200}
            required
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-950"
          />
        </label>
        <label className="block text-sm font-medium">
          Description
          <input
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            maxLength={500}
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-950"
          />
        </label>
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            Save template
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
