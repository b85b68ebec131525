/** 'New outline': a title and course, blank or from an official subject's topics (issue 16 §3). */
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Field, Input } from "../../components/ui/input";
import { Select, SubjectOptions } from "../../components/ui/select";
import { toast } from "../../lib/toast";
import { useSubjects } from "../case-law/case-law-ui";
import { outlinesApi } from "./api";

export function NewOutlineDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const navigate = useNavigate();
  const { data: subjects } = useSubjects();
  const [title, setTitle] = useState("");
  const [course, setCourse] = useState("");
  const [subjectId, setSubjectId] = useState("");
  const create = useMutation({
    mutationFn: () =>
      outlinesApi.create({
        title,
        subject: course,
        from: subjectId ? { kind: "subject", subjectId } : { kind: "blank" },
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
        <Field
          label="Start from"
          htmlFor="outline-from"
          hint="An official subject gives you its topics as headings to fill in."
        >
          <Select id="outline-from" value={subjectId} onChange={setSubjectId}>
            <SubjectOptions subjects={subjects} empty="A blank outline" />
          </Select>
        </Field>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            Create outline
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
