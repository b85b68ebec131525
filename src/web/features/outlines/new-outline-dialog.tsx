/**
 * 'New outline from…' (issue 16 §3, decision 061): a title and course, then blank, an official
 * subject's topics, your notes and briefs (by tag and/or picked in one search over both, each
 * embedded under its topic's heading, optionally on the subject's skeleton), or a pasted
 * syllabus / table of contents turned into headings.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Field, Input } from "../../components/ui/input";
import { Select, SubjectOptions } from "../../components/ui/select";
import { toast } from "../../lib/toast";
import { useSubjects } from "../case-law/case-law-ui";
import { notesApi } from "../notes/api";
import { outlinesApi } from "./api";
import { type PickedSource, SourcePicker } from "./source-picker";

type Source = "subject" | "notes" | "syllabus";

export function NewOutlineDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const navigate = useNavigate();
  const { data: subjects } = useSubjects();
  const [title, setTitle] = useState("");
  const [course, setCourse] = useState("");
  const [subjectId, setSubjectId] = useState("");
  const [source, setSource] = useState<Source>("subject");
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [picked, setPicked] = useState<PickedSource[]>([]);
  const [syllabus, setSyllabus] = useState("");
  const tags = useQuery({ queryKey: ["tags"], queryFn: notesApi.tags, enabled: open && source === "notes" });
  const create = useMutation({
    mutationFn: () =>
      outlinesApi.create({
        title,
        subject: course,
        from:
          source === "notes"
            ? {
                kind: "notes",
                tagIds,
                noteIds: picked.filter((p) => p.kind === "note").map((p) => p.id),
                briefs: picked.flatMap((p) => (p.kind === "note" ? [] : [{ kind: p.kind, id: p.id }])),
                ...(subjectId ? { subjectId } : {}),
              }
            : source === "syllabus"
              ? { kind: "syllabus", text: syllabus }
              : subjectId
                ? { kind: "subject", subjectId }
                : { kind: "blank" },
      }),
    onSuccess: (o) => {
      onOpenChange(false);
      navigate(`/outlines/${o.id}`);
    },
    onError: (e) =>
      toast.add({ title: "Could not create the outline", description: e.message, variant: "destructive" }),
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="New outline">
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        <Field label="Title" htmlFor="outline-title">
          <Input
            id="outline-title"
            value={title}
            maxLength={200}
            autoFocus
            placeholder="Torts I — final exam"
            onChange={(e) => setTitle(e.target.value)}
          />
        </Field>
        <Field
          label="Course or subject"
          htmlFor="outline-course"
          hint="How the library groups it, e.g. 'Torts — Prof. Lee'."
        >
          <Input id="outline-course" value={course} maxLength={120} onChange={(e) => setCourse(e.target.value)} />
        </Field>
        <fieldset>
          <legend className="text-sm font-medium">New outline from…</legend>
          <div className="mt-1 flex flex-wrap gap-3 text-sm">
            {(
              [
                ["subject", "A subject or blank"],
                ["notes", "My notes and briefs"],
                ["syllabus", "A syllabus"],
              ] as const
            ).map(([v, label]) => (
              <label key={v} className="flex items-center gap-1.5">
                <input type="radio" name="outline-source" checked={source === v} onChange={() => setSource(v)} />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        {source !== "syllabus" && (
          <Field
            label={source === "notes" ? "Official skeleton (optional)" : "Start from"}
            htmlFor="outline-from"
            hint={
              source === "notes"
                ? "The subject's topics become headings; each note lands under the topic it links to or is tagged with."
                : "An official subject gives you its topics as headings to fill in."
            }
          >
            <Select id="outline-from" value={subjectId} onChange={setSubjectId}>
              <SubjectOptions subjects={subjects} empty={source === "notes" ? "No skeleton" : "A blank outline"} />
            </Select>
          </Field>
        )}
        {source === "notes" && (
          <fieldset>
            <legend className="text-sm font-medium">Notes with any of these tags</legend>
            {!tags.data?.length ? (
              <p className="mt-1 text-xs text-slate-500">
                {tags.isPending ? "Loading…" : "You have no tagged notes yet."}
              </p>
            ) : (
              <div className="mt-1 flex max-h-40 flex-wrap gap-2 overflow-y-auto">
                {tags.data.map((t) => (
                  <label
                    key={t.id}
                    className="flex items-center gap-1 rounded-full border border-slate-300 px-2 py-0.5 text-sm dark:border-slate-700"
                  >
                    <input
                      type="checkbox"
                      checked={tagIds.includes(t.id)}
                      onChange={(e) =>
                        setTagIds((ids) => (e.target.checked ? [...ids, t.id] : ids.filter((x) => x !== t.id)))
                      }
                    />
                    {t.name} <span className="text-xs text-slate-500">({t.count})</span>
                  </label>
                ))}
              </div>
            )}
          </fieldset>
        )}
        {source === "notes" && (
          <>
            <SourcePicker picked={picked} onChange={setPicked} />
            <p className="-mt-2 text-xs text-slate-500">
              Notes and briefs are referenced, not copied: edit one and the outline shows it.
            </p>
          </>
        )}
        {source === "syllabus" && (
          <Field
            label="Syllabus or table of contents"
            htmlFor="outline-syllabus"
            hint="One heading a line; I. A. 1. a., 1.1, bullets, indentation or # headings set the levels."
          >
            <textarea
              id="outline-syllabus"
              rows={6}
              value={syllabus}
              onChange={(e) => setSyllabus(e.target.value)}
              className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
              placeholder={"I. Formation\n  A. Offer\n  B. Acceptance\nII. Remedies"}
            />
          </Field>
        )}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            type="submit"
            disabled={
              create.isPending ||
              (source === "notes" && !tagIds.length && !picked.length && !subjectId) ||
              (source === "syllabus" && !syllabus.trim())
            }
          >
            Create outline
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
