/** Pieces shared by the case-law pages: subjects, filter controls, the import dialog. */
import * as Dialog from "@radix-ui/react-dialog";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import { AlertCircle, CheckCircle2, ChevronDown, FileUp, Upload, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Button } from "../../components/ui/button";
import { api } from "../../lib/api";
import { useMe } from "../../lib/session";
import { JobProgress } from "../jobs/job-progress";
import { jobsApi, useJob } from "../jobs/api";
import { caseLawApi, type Facets, type Filters, type ImportReport, MAX_FILE_BYTES } from "./api";

export interface SubjectRow {
  id: string;
  name: string;
  shortName: string;
}
export const useSubjects = () =>
  useQuery({
    queryKey: ["subjects"],
    queryFn: () => api<{ subjects: SubjectRow[] }>("/api/subjects").then((r) => r.subjects),
    staleTime: 30 * 60_000,
  });
export const useFacets = () => useQuery({ queryKey: ["case-law-facets"], queryFn: caseLawApi.facets });

export function SubjectBadge({ id }: { id: string | null }) {
  const { data } = useSubjects();
  const s = data?.find((x) => x.id === id);
  if (!s) return null;
  return (
    <span className="rounded-full bg-brand-50 px-2 py-0.5 text-[11px] font-medium text-brand-800 dark:bg-slate-800 dark:text-brand-100">
      {s.shortName || s.name}
    </span>
  );
}

export const selectClass =
  "w-full appearance-none rounded-lg border border-slate-200 bg-white py-2 pr-8 pl-3 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 focus:outline-none dark:border-slate-700 dark:bg-slate-950";

export function Select({
  label,
  value,
  onChange,
  children,
  className,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <label className={clsx("relative block", className)}>
      <span className="sr-only">{label}</span>
      <select aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} className={selectClass}>
        {children}
      </select>
      <ChevronDown className="pointer-events-none absolute top-2.5 right-2.5 h-4 w-4 text-slate-400" />
    </label>
  );
}

/** Court, year range and subject. Values are strings (URL parameters). */
export function FilterControls({
  filters,
  facets,
  onChange,
  layout = "row",
}: {
  filters: Filters;
  facets?: Facets;
  onChange: (k: keyof Filters, v: string) => void;
  layout?: "row" | "column";
}) {
  const { data: subjects } = useSubjects();
  const yearInput =
    "w-full rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 focus:outline-none dark:border-slate-700 dark:bg-slate-950";
  return (
    <div className={clsx("grid gap-3", layout === "row" ? "sm:grid-cols-2 lg:grid-cols-4" : "grid-cols-1")}>
      <Select label="Court" value={filters.court ?? ""} onChange={(v) => onChange("court", v)}>
        <option value="">All courts</option>
        {facets?.courts.map((c) => (
          <option key={c.court} value={c.court}>
            {c.court} ({c.count})
          </option>
        ))}
      </Select>
      <Select label="Subject" value={filters.subject ?? ""} onChange={(v) => onChange("subject", v)}>
        <option value="">All subjects</option>
        {subjects?.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </Select>
      <div className={clsx("flex items-center gap-2", layout === "row" && "lg:col-span-2")}>
        <input
          aria-label="From year"
          inputMode="numeric"
          placeholder={facets?.years.min ? `From ${facets.years.min}` : "From year"}
          value={filters.yearFrom ?? ""}
          onChange={(e) => onChange("yearFrom", e.target.value.replace(/\D/g, "").slice(0, 4))}
          className={yearInput}
        />
        <span className="text-slate-400" aria-hidden>
          –
        </span>
        <input
          aria-label="To year"
          inputMode="numeric"
          placeholder={facets?.years.max ? `To ${facets.years.max}` : "To year"}
          value={filters.yearTo ?? ""}
          onChange={(e) => onChange("yearTo", e.target.value.replace(/\D/g, "").slice(0, 4))}
          className={yearInput}
        />
      </div>
    </div>
  );
}

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
    <Dialog.Root open={open} onOpenChange={close}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/40 backdrop-blur-[2px]" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[88vh] w-[calc(100vw-2rem)] max-w-xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-slate-200 bg-white p-6 shadow-2xl dark:border-slate-800 dark:bg-slate-900">
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-lg font-semibold">Import opinions</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-slate-500 dark:text-slate-400">
                Markdown (with or without front matter), plain text, HTML or CourtListener opinion JSON, up to 20 MB a
                file. Re-importing a case updates it.
              </Dialog.Description>
            </div>
            <Dialog.Close
              className="rounded-md p-1 text-slate-500 dark:text-slate-400 hover:bg-slate-100 dark:hover:bg-slate-800"
              aria-label="Close"
            >
              <X className="h-4 w-4" />
            </Dialog.Close>
          </div>
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
              "mt-5 flex w-full flex-col items-center justify-center rounded-xl border-2 border-dashed px-6 py-8 text-center transition-colors",
              dragging
                ? "border-brand-500 bg-brand-50 dark:bg-slate-800"
                : "border-slate-300 hover:border-brand-500 dark:border-slate-700",
            )}
          >
            <FileUp className="h-8 w-8 text-brand-700 dark:text-brand-100" />
            <span className="mt-2 text-sm font-medium">Drop files here, or choose files</span>
            <span className="mt-1 text-xs text-slate-500 dark:text-slate-400">
              .md .txt .html .json — up to 20 files
            </span>
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
              <option value="">Subject: find it for me</option>
              {subjects?.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
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
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
