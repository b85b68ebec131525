/**
 * /admin/cases (issue 17 §2): the case-law library. Import opinion files from the browser (the
 * streaming upload of POST /api/case-law/import into the shared library) or a folder on the
 * server, both as a `case-law.import` job followed with a progress bar; edit an opinion's
 * metadata; delete it. Students' uploads are listed too (filter 'Uploads'). With a CourtListener
 * token, search CourtListener and import an opinion into the library (courtlistener-panel.tsx).
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ColumnDef } from "@tanstack/react-table";
import { FolderInput, Upload } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { AdminCaseRow } from "../../../../contract/admin-ops";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Field, inputClass } from "../../../components/ui/input";
import { Select, SubjectOptions } from "../../../components/ui/select";
import { api } from "../../../lib/api";
import { caseLawApi, type ImportReport } from "../../case-law/api";
import { useFacets, useSubjects } from "../../case-law/case-law-ui";
import { useJob } from "../../jobs/api";
import { JobProgress } from "../../jobs/job-progress";
import { DataTable, utc } from "../data-table";
import { ReasonDialog } from "../reason-dialog";
import { CourtListenerPanel } from "./courtlistener-panel";
import { PageHeader } from "./ops-ui";

function ImportPanel() {
  const qc = useQueryClient();
  const { data: subjects } = useSubjects();
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [subject, setSubject] = useState("");
  const [jobId, setJobId] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const [folderOpen, setFolderOpen] = useState(false);
  const [folder, setFolder] = useState("");
  const [uploadOpen, setUploadOpen] = useState(false);
  const upload = useMutation({
    mutationFn: (reason: string) => caseLawApi.startImport(files, { subject, library: true, reason }),
    onSuccess: (r) => {
      setOutcome(null);
      setJobId(r.jobId);
      setFiles([]);
      if (input.current) input.current.value = "";
    },
  });
  const job = useJob(jobId);
  useEffect(() => {
    const j = job.data;
    if (!j || j.id !== jobId) return;
    if (j.state === "succeeded") {
      const r = j.result as ImportReport;
      const n = r.counts.opinions;
      setOutcome(
        `Imported ${n} opinion${n === 1 ? "" : "s"} (${r.counts.created} new, ${r.counts.updated} updated)${r.counts.failed ? `; ${r.counts.failed} file(s) failed: ${r.failed.map((f) => f.file).join(", ")}` : ""}.`,
      );
      void qc.invalidateQueries({ queryKey: ["admin-list"] });
    } else if (j.state === "failed" || j.state === "cancelled") setOutcome(`The import ${j.state}: ${j.error ?? ""}`);
  }, [job.data, jobId, qc]);
  const running = !!jobId && !!job.data && (job.data.state === "queued" || job.data.state === "running");
  return (
    <Card className="p-5">
      <h2 className="font-semibold">Import opinions</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Markdown, text, HTML or CourtListener JSON, up to 20 files of 20 MB each, into the shared library every student
        searches.
      </p>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="case-files" className="block text-sm font-medium text-slate-700 dark:text-slate-300">
            Files
          </label>
          <input
            id="case-files"
            ref={input}
            type="file"
            multiple
            accept=".md,.markdown,.txt,.html,.htm,.json"
            className="mt-1.5 block text-sm"
            onChange={(e) => setFiles([...(e.target.files ?? [])])}
          />
        </div>
        <div className="w-56">
          <label htmlFor="case-subject" className="block text-sm font-medium text-slate-700 dark:text-slate-300">
            Subject
          </label>
          <Select id="case-subject" value={subject} onChange={setSubject} className="mt-1.5">
            <SubjectOptions subjects={subjects} empty="Detect from the text" />
          </Select>
        </div>
        <Button disabled={!files.length || upload.isPending || running} onClick={() => setUploadOpen(true)}>
          <Upload className="h-4 w-4" /> {upload.isPending ? "Uploading…" : "Import"}
        </Button>
        <Button variant="outline" onClick={() => setFolderOpen(true)} disabled={running}>
          <FolderInput className="h-4 w-4" /> Import a server folder
        </Button>
      </div>
      {upload.error && (
        <p className="mt-3 text-sm text-red-600" role="alert">
          {(upload.error as Error).message}
        </p>
      )}
      {jobId && job.data && (running || job.data.state === "succeeded") && (
        <JobProgress job={job.data} label="Import progress" />
      )}
      {outcome && (
        <p className="mt-3 text-sm font-medium" role="status" data-testid="import-outcome">
          {outcome}
        </p>
      )}
      <ReasonDialog
        open={uploadOpen}
        onOpenChange={setUploadOpen}
        title="Import into the shared library"
        description={`${files.length} file${files.length === 1 ? "" : "s"} (${files
          .map((f) => f.name)
          .join(", ")}) will be imported into the library every student searches.`}
        confirmLabel="Start import"
        onConfirm={(reason) => upload.mutateAsync(reason)}
      />
      <ReasonDialog
        open={folderOpen}
        onOpenChange={setFolderOpen}
        title="Import a folder on the server"
        description="Every .md, .txt, .html and .json file directly in the folder is imported into the shared library."
        confirmLabel="Start import"
        onConfirm={async (reason) => {
          const r = await api<{ jobId: string }>("/api/admin/cases/import-folder", {
            body: { path: folder, reason, ...(subject ? { subject } : {}) },
          });
          setOutcome(null);
          setJobId(r.jobId);
        }}
      >
        <Field label="Folder path" htmlFor="folder-path">
          <input
            id="folder-path"
            className={inputClass}
            value={folder}
            onChange={(e) => setFolder(e.target.value)}
            placeholder="/srv/opinions"
          />
        </Field>
      </ReasonDialog>
    </Card>
  );
}

function EditDialog({ row, onClose }: { row: AdminCaseRow; onClose: () => void }) {
  const qc = useQueryClient();
  const { data: subjects } = useSubjects();
  const [f, setF] = useState({
    caseName: row.caseName,
    citation: row.citation ?? "",
    court: row.court ?? "",
    decidedOn: row.decidedOn ?? "",
    subjectId: row.subjectId ?? "",
  });
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  return (
    <ReasonDialog
      open
      onOpenChange={(o) => !o && onClose()}
      title="Edit opinion"
      confirmLabel="Save"
      onConfirm={async (reason) => {
        await api(`/api/admin/cases/${row.id}`, {
          method: "PATCH",
          body: {
            caseName: f.caseName,
            citation: f.citation || null,
            court: f.court || null,
            decidedOn: f.decidedOn || null,
            subjectId: f.subjectId || null,
            reason,
          },
        });
        await qc.invalidateQueries({ queryKey: ["admin-list"] });
      }}
    >
      <Field label="Case name" htmlFor="case-name">
        <input id="case-name" className={inputClass} value={f.caseName} onChange={set("caseName")} />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Citation" htmlFor="case-citation">
          <input id="case-citation" className={inputClass} value={f.citation} onChange={set("citation")} />
        </Field>
        <Field label="Decided on" htmlFor="case-date">
          <input id="case-date" type="date" className={inputClass} value={f.decidedOn} onChange={set("decidedOn")} />
        </Field>
      </div>
      <Field label="Court" htmlFor="case-court">
        <input id="case-court" className={inputClass} value={f.court} onChange={set("court")} />
      </Field>
      <Field label="Subject" htmlFor="case-subject-edit">
        <Select id="case-subject-edit" value={f.subjectId} onChange={(v) => setF({ ...f, subjectId: v })}>
          <SubjectOptions subjects={subjects} empty="None" />
        </Select>
      </Field>
    </ReasonDialog>
  );
}

export default function CasesPage() {
  const qc = useQueryClient();
  const facets = useFacets();
  const { data: subjects } = useSubjects();
  const [editing, setEditing] = useState<AdminCaseRow | null>(null);
  const [deleting, setDeleting] = useState<AdminCaseRow | null>(null);
  const columns: ColumnDef<AdminCaseRow>[] = [
    {
      id: "caseName",
      header: "Case",
      cell: ({ row }) => (
        <div className="max-w-md">
          <p className="font-medium">{row.original.caseName}</p>
          <p className="text-xs text-slate-500">
            {[row.original.citation, row.original.court].filter(Boolean).join(" · ")}
          </p>
        </div>
      ),
    },
    { id: "decidedOn", header: "Decided", cell: ({ row }) => row.original.decidedOn ?? "—" },
    { id: "subject", header: "Subject", enableSorting: false, cell: ({ row }) => row.original.subjectId ?? "—" },
    {
      id: "owner",
      header: "In",
      enableSorting: false,
      cell: ({ row }) => row.original.ownerEmail ?? "Library",
    },
    {
      id: "createdAt",
      header: "Added",
      cell: ({ row }) => <span className="whitespace-nowrap">{utc(row.original.createdAt)}</span>,
    },
    {
      id: "actions",
      header: "",
      enableSorting: false,
      cell: ({ row }) => (
        <div className="flex gap-2">
          <Button size="sm" variant="outline" onClick={() => setEditing(row.original)}>
            Edit
          </Button>
          <Button size="sm" variant="outline" onClick={() => setDeleting(row.original)}>
            Delete
          </Button>
        </div>
      ),
    },
  ];
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader title="Cases">
        The case-law library students search and brief.{" "}
        {facets.data?.liveSearch
          ? "Import files, a server folder, or CourtListener opinions."
          : "CourtListener search and import appear here when COURTLISTENER_API_TOKEN is set."}
      </PageHeader>
      <ImportPanel />
      {facets.data?.liveSearch && <CourtListenerPanel />}
      <DataTable<AdminCaseRow>
        testId="cases-table"
        endpoint="/api/admin/cases"
        columns={columns}
        sortable={["createdAt", "caseName", "decidedOn"]}
        defaultSort="createdAt"
        searchPlaceholder="Search by case name or citation"
        filters={[
          {
            key: "scope",
            label: "Where",
            options: [
              { value: "library", label: "Library" },
              { value: "uploads", label: "Students' uploads" },
            ],
          },
          { key: "subject", label: "Subject", options: (subjects ?? []).map((s) => ({ value: s.id, label: s.name })) },
        ]}
        csv
        empty="No opinions yet. Import some above."
      />
      {editing && <EditDialog row={editing} onClose={() => setEditing(null)} />}
      <ReasonDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete opinion"
        description={deleting ? `${deleting.caseName} is removed from the library and from search.` : undefined}
        confirmLabel="Delete"
        destructive
        onConfirm={async (reason) => {
          await api(`/api/admin/cases/${deleting!.id}`, { method: "DELETE", body: { reason } });
          await qc.invalidateQueries({ queryKey: ["admin-list"] });
        }}
      />
    </div>
  );
}
