/**
 * /outlines/upload (issue 16 §5, §7): upload an outline file (DOCX, PDF, Markdown or text, up to
 * 20 MB) to have it analysed (OutlineIQ), or import it as a new outline; or analyse one of your
 * own outlines. A subject and a pasted syllabus are optional. Starting an analysis opens its
 * report page, which follows the job's progress.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { FileUp, ListTree, Sparkles } from "lucide-react";
import { useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button, buttonClass } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Select, SubjectOptions } from "../../components/ui/select";
import { toast } from "../../lib/toast";
import { useSubjects } from "../case-law/case-law-ui";
import { ACCEPT, analysesApi, MAX_FILE_BYTES } from "./analysis-api";
import { outlinesApi } from "./api";
import { OutlinesGate } from "./gate";

export default function OutlineUploadPage() {
  return (
    <OutlinesGate>
      <Upload />
    </OutlinesGate>
  );
}

const fileProblem = (f: File) =>
  !/\.(docx|pdf|md|markdown|txt)$/i.test(f.name)
    ? `${f.name} is not an outline file we can read. Upload a Word document (.docx), a PDF, Markdown (.md) or plain text (.txt).`
    : f.size > MAX_FILE_BYTES
      ? `${f.name} is ${(f.size / 1048576).toFixed(1)} MB; outline files can be up to 20 MB.`
      : null;

function Upload() {
  const navigate = useNavigate();
  const ids = { file: useId(), subject: useId(), syllabus: useId(), outline: useId() };
  const [file, setFile] = useState<File | null>(null);
  const [subjectId, setSubjectId] = useState("");
  const [syllabus, setSyllabus] = useState("");
  const [outlineId, setOutlineId] = useState("");
  const [error, setError] = useState<string | null>(null);
  const subjects = useSubjects();
  const outlines = useQuery({
    queryKey: ["outlines", { q: "", archived: false }],
    queryFn: () => outlinesApi.list({ archived: false }),
  });

  const analyse = useMutation({
    mutationFn: () =>
      outlineId
        ? analysesApi.analyseOutline({ outlineId, subjectId: subjectId || undefined, syllabus: syllabus || undefined })
        : analysesApi.uploadFile(file!, { subjectId, syllabus }),
    onSuccess: (r) => navigate(`/outlines/analyses/${r.id}`),
    onError: (e: Error) => setError(e.message),
  });
  const importIt = useMutation({
    mutationFn: () => analysesApi.importFile(file!),
    onSuccess: (o) => {
      toast.add({ title: `Imported "${o.title}"`, description: `${o.entryCount} entries`, variant: "success" });
      navigate(`/outlines/${o.id}`);
    },
    onError: (e: Error) => setError(e.message),
  });

  const pick = (f: File | null) => {
    setError(f ? fileProblem(f) : null);
    setFile(f && !fileProblem(f) ? f : null);
    if (f) setOutlineId("");
  };
  const ready = !!file || !!outlineId;
  const busy = analyse.isPending || importIt.isPending;

  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold tracking-tight">Check an outline</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        OutlineIQ compares your outline with the official topics, rules and cases, and with your own notes.{" "}
        <Link to="/outlines/analyses" className="font-medium text-brand-700 hover:underline dark:text-brand-100">
          Past reports
        </Link>
      </p>
      <Card className="mt-6 space-y-5 p-5">
        <div>
          <label htmlFor={ids.file} className="block text-sm font-semibold">
            Outline file
          </label>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            Word (.docx), PDF with selectable text, Markdown or plain text; up to 20 MB.
          </p>
          <label
            className="mt-2 flex cursor-pointer items-center gap-3 rounded-lg border-2 border-dashed border-slate-300 px-4 py-5 hover:border-brand-500 dark:border-slate-700"
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => {
              e.preventDefault();
              pick(e.dataTransfer.files[0] ?? null);
            }}
          >
            <FileUp className="h-6 w-6 shrink-0 text-brand-700" aria-hidden />
            <span className="min-w-0 truncate text-sm">{file ? file.name : "Choose a file or drop it here"}</span>
            <input
              id={ids.file}
              type="file"
              accept={ACCEPT}
              className="sr-only"
              onChange={(e) => pick(e.target.files?.[0] ?? null)}
            />
          </label>
        </div>
        <div>
          <label htmlFor={ids.outline} className="block text-sm font-semibold">
            …or one of your outlines
          </label>
          <Select
            id={ids.outline}
            value={outlineId}
            onChange={(v) => {
              setOutlineId(v);
              if (v) setFile(null);
              setError(null);
            }}
          >
            <option value="">None</option>
            {outlines.data?.map((o) => (
              <option key={o.id} value={o.id}>
                {o.title}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={ids.subject} className="block text-sm font-semibold">
              Subject
            </label>
            <Select id={ids.subject} value={subjectId} onChange={setSubjectId}>
              <SubjectOptions subjects={subjects.data} empty="Find it from the outline" />
            </Select>
          </div>
        </div>
        <div>
          <label htmlFor={ids.syllabus} className="block text-sm font-semibold">
            Syllabus (optional)
          </label>
          <textarea
            id={ids.syllabus}
            rows={4}
            maxLength={20000}
            value={syllabus}
            onChange={(e) => setSyllabus(e.target.value)}
            placeholder={"Paste your course syllabus or table of contents, one topic a line"}
            className="mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-950"
          />
        </div>
        {error && (
          <p
            role="alert"
            className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950 dark:text-red-200"
          >
            {error}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button disabled={!ready || busy} onClick={() => analyse.mutate()}>
            <Sparkles className="h-4 w-4" aria-hidden /> {analyse.isPending ? "Uploading…" : "Analyse outline"}
          </Button>
          <Button variant="outline" disabled={!file || busy} onClick={() => importIt.mutate()}>
            <ListTree className="h-4 w-4" aria-hidden /> {importIt.isPending ? "Importing…" : "Import as a new outline"}
          </Button>
          <Link to="/outlines/library" className={buttonClass("ghost")}>
            Cancel
          </Link>
        </div>
      </Card>
    </div>
  );
}
