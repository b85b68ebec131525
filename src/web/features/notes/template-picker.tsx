/** "New note from a template" on /notes: a blank note, the official templates and the student's own. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import { FileText, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/card";
import { Dialog } from "../../components/ui/dialog";
import { notesApi, type Template } from "./api";
import { RichHtml } from "./rich-editor";

/** Lists the templates with a preview of the selected one; `onPick(null)` is a blank note. */
export function TemplatePicker({
  open,
  onOpenChange,
  onPick,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onPick: (t: Template | null) => void;
}) {
  const qc = useQueryClient();
  const { data: templates } = useQuery({ queryKey: ["note-templates"], queryFn: notesApi.templates, enabled: open });
  const [selected, setSelected] = useState<string | null>(null);
  const current = templates?.find((t) => t.id === selected) ?? templates?.[0];
  const remove = useMutation({
    mutationFn: (id: string) => notesApi.deleteTemplate(id),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["note-templates"] }),
  });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="New note from a template"
      description="Official templates and the ones you saved."
      size="2xl"
    >
      <div className="grid gap-4 md:grid-cols-[15rem_1fr]">
        <ul className="space-y-1" aria-label="Templates">
          <li>
            <button
              type="button"
              onClick={() => onPick(null)}
              className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              <FileText className="h-4 w-4 text-slate-400" /> Blank note
            </button>
          </li>
          {templates?.map((t) => (
            <li key={t.id} className="group flex items-center">
              <button
                type="button"
                onClick={() => setSelected(t.id)}
                className={clsx(
                  "flex flex-1 flex-col items-start rounded-lg px-3 py-2 text-left",
                  current?.id === t.id ? "bg-brand-50 dark:bg-slate-800" : "hover:bg-slate-100 dark:hover:bg-slate-800",
                )}
              >
                <span className="text-sm font-medium">{t.title}</span>
                <span className="text-xs text-slate-500 dark:text-slate-400">
                  {t.isOfficial ? "Official" : "Yours"}
                </span>
              </button>
              {!t.isOfficial && (
                <button
                  type="button"
                  aria-label={`Delete template ${t.title}`}
                  onClick={() => remove.mutate(t.id)}
                  className="ml-1 rounded p-1 text-slate-400 opacity-0 group-hover:opacity-100 hover:text-red-600"
                >
                  <Trash2 className="h-3.5 w-3.5" />
                </button>
              )}
            </li>
          ))}
        </ul>
        <div className="min-h-64 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
          {current ? (
            <>
              <p className="text-sm text-slate-500 dark:text-slate-400">{current.description}</p>
              <RichHtml html={current.html} className="mt-3 max-h-80 overflow-y-auto text-sm" />
              <Button className="mt-4" onClick={() => onPick(current)}>
                Use “{current.title}”
              </Button>
            </>
          ) : (
            <Spinner />
          )}
        </div>
      </div>
    </Dialog>
  );
}
