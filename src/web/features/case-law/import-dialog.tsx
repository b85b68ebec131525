/** The "Import opinions" dialog of /case-law. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import { AlertCircle, CheckCircle2, FileUp, Upload } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Select, SubjectOptions } from "../../components/ui/select";
import { useMe } from "../../lib/session";
import { jobsApi, useJob } from "../jobs/api";
import { JobProgress } from "../jobs/job-progress";
import { caseLawApi, type ImportReport, MAX_FILE_BYTES } from "./api";
import { useSubjects } from "./case-law-ui";

/** Upload opinions: Markdown, text, HTML or CourtListener JSON; each file is reported. */
export function ImportDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const qc = useQueryClient();
  const { data: me } = useMe();
  const { data: subjects } = useSubjects();
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [subject, setSubject] = useState("");
  const [library, setLibrary] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [jobError, setJobError] = useState<string | null>(null);
  const tooBig = files.filter((f) => f.size > MAX_FILE_BYTES);
  const upload = useMutation({
    mutationFn: () => caseLawApi.startImport(files, { subject, library }),
    onSuccess: (r) => {
      setJobId(r.jobId);
      setFiles([]);
    },
  });
  // The upload answered with a job: follow it (every 500 ms) until its report arrives.
  const job = useJob(jobId);
  const running = !!jobId && (!job.data || job.data.state === "queued" || job.data.state === "running");
  useEffect(() => {
    const j = job.data;
    if (!jobId || !j || j.id !== jobId) return;
    if (j.state === "succeeded") {
      setReport(j.result as ImportReport);
      setJobId(null);
      void qc.invalidateQueries({ queryKey: ["case-law"] });
      void qc.invalidateQueries({ queryKey: ["case-law-facets"] });
    } else if (j.state === "failed" || j.state === "cancelled") {
      setJobError(
        j.state === "cancelled" ? "The import was cancelled." : `The import failed: ${j.error ?? "unknown error"}`,
      );
      setJobId(null);
    }
  }, [job.data, jobId, qc]);
  const cancelImport = useMutation({ mutationFn: () => jobsApi.cancel(jobId!) });
  const add = (list: FileList | null) => {
    if (!list) return;
    setReport(null);
    setJobError(null);
    upload.reset();
    setFiles((cur) =>
      [...cur, ...[...list].filter((f) => !cur.some((c) => c.name === f.name && c.size === f.size))].slice(0, 20),
    );
  };
  const close = (o: boolean) => {
    onOpenChange(o);
    if (!o) {
      setFiles([]);
      setReport(null);
      setJobError(null);
      // A running import goes on in the background; its opinions appear when it ends.
      setJobId(null);
      upload.reset();
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Import opinions"
      description="Markdown (with or without front matter), plain text, HTML or CourtListener opinion JSON, up to 20 MB a file. Re-importing a case updates it."
      size="lg"
    >
      <>
        <button
          type="button"
          onClick={() => input.current?.click()}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(e) => {
            e.preventDefault();
            setDragging(false);
            add(e.dataTransfer.files);
          }}
          className={clsx(
            "flex w-full flex-col items-center justify-center rounded-xl border-2 border-dashed px-6 py-8 text-center transition-colors",
            dragging
              ? "border-brand-500 bg-brand-50 dark:bg-slate-800"
              : "border-slate-300 hover:border-brand-500 dark:border-slate-700",
          )}
        >
          <FileUp className="h-8 w-8 text-brand-700 dark:text-brand-100" />
          <span className="mt-2 text-sm font-medium">Drop files here, or choose files</span>
          <span className="mt-1 text-xs text-slate-500 dark:text-slate-400">.md .txt .html .json — up to 20 files</span>
        </button>
        <input
          ref={input}
          type="file"
          multiple
          accept=".md,.markdown,.txt,.text,.html,.htm,.json"
          className="sr-only"
          aria-label="Opinion files"
          onChange={(e) => add(e.target.files)}
          data-testid="import-input"
        />
        {files.length > 0 && (
          <ul className="mt-4 space-y-1 text-sm">
            {files.map((f) => (
              <li
                key={f.name + f.size}
                className="flex items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-1.5 dark:bg-slate-800"
              >
                <span className="truncate">{f.name}</span>
                <span
                  className={clsx(
                    "shrink-0 text-xs",
                    f.size > MAX_FILE_BYTES ? "font-semibold text-red-600" : "text-slate-500",
                  )}
                >
                  {f.size > MAX_FILE_BYTES ? "over 20 MB" : `${Math.max(1, Math.round(f.size / 1024))} KB`}
                </span>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-4 grid gap-3 sm:grid-cols-2">
          <Select label="Subject for these opinions" value={subject} onChange={setSubject}>
            <SubjectOptions subjects={subjects} empty="Subject: find it for me" />
          </Select>
          {me?.user.isAdmin && (
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={library}
                onChange={(e) => setLibrary(e.target.checked)}
                className="h-4 w-4 rounded border-slate-300"
              />
              Add to the shared library
            </label>
          )}
        </div>
        {tooBig.length > 0 && (
          <p role="alert" className="mt-3 text-sm text-red-600">
            {tooBig.map((f) => f.name).join(", ")} {tooBig.length === 1 ? "is" : "are"} larger than 20 MB. Remove{" "}
            {tooBig.length === 1 ? "it" : "them"} to import the rest.
          </p>
        )}
        {upload.error && (
          <p role="alert" className="mt-3 text-sm text-red-600">
            {(upload.error as Error).message}
          </p>
        )}
        {jobError && (
          <p role="alert" className="mt-3 text-sm text-red-600">
            {jobError}
          </p>
        )}
        {(upload.isPending || running) && (
          <JobProgress
            label="Import progress"
            job={job.data ?? { progress: 0, state: "queued", message: upload.isPending ? "Uploading…" : "Starting…" }}
          />
        )}
        {report && (
          <div className="mt-5 space-y-3" data-testid="import-report">
            <p className="text-sm font-medium">
              Imported {report.counts.opinions} opinion{report.counts.opinions === 1 ? "" : "s"}
              {report.counts.updated ? ` (${report.counts.updated} updated)` : ""}
              {report.counts.failed
                ? `; ${report.counts.failed} file${report.counts.failed === 1 ? "" : "s"} not imported`
                : ""}
              .
            </p>
            <ul className="space-y-1.5 text-sm">
              {report.imported.map((i) => (
                <li key={i.id} className="flex items-start gap-2">
                  <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" />
                  <span>
                    <Link
                      to={`/case-law/${i.id}`}
                      className="font-medium italic hover:underline"
                      onClick={() => close(false)}
                    >
                      {i.name}
                    </Link>
                    {i.citation && <span className="text-slate-500 dark:text-slate-400">, {i.citation}</span>}{" "}
                    <span className="text-xs text-slate-500 dark:text-slate-400">
                      {i.status === "updated" ? "updated" : "new"}
                    </span>
                    {i.warnings.map((w) => (
                      <span key={w} className="block text-xs text-amber-700 dark:text-amber-400">
                        {w}
                      </span>
                    ))}
                  </span>
                </li>
              ))}
              {report.failed.map((f) => (
                <li key={f.file} className="flex items-start gap-2">
                  <AlertCircle className="mt-0.5 h-4 w-4 shrink-0 text-red-600" />
                  <span>
                    <span className="font-medium">{f.file}</span>:{" "}
                    <span className="text-slate-600 dark:text-slate-400">{f.reason}</span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className="mt-6 flex justify-end gap-2">
          {running ? (
            <Button variant="ghost" onClick={() => cancelImport.mutate()} disabled={cancelImport.isPending}>
              Cancel import
            </Button>
          ) : (
            <Button variant="ghost" onClick={() => close(false)}>
              {report ? "Done" : "Cancel"}
            </Button>
          )}
          <Button
            onClick={() => upload.mutate()}
            disabled={!files.length || tooBig.length > 0 || upload.isPending || running}
          >
            <Upload className="h-4 w-4" />{" "}
            {upload.isPending || running
              ? "Importing…"
              : `Import ${files.length || ""} file${files.length === 1 ? "" : "s"}`}
          </Button>
        </div>
      </>
    </Dialog>
  );
}
