/**
 * /admin/utilities (issue 17 §2): diagnostics (database, storage, mail with a test send, jobs,
 * disk, version), rebuild the search indexes, re-seed the content, download a database backup,
 * and how to restore one.
 */
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { adminOpsApi } from "../../../../contract/admin-ops";
import type { ResponseOf } from "../../../../contract/route";
import { Button } from "../../../components/ui/button";
import { Card, Spinner } from "../../../components/ui/card";
import { Field, inputClass } from "../../../components/ui/input";
import { api } from "../../../lib/api";
import { useMe } from "../../../lib/session";
import { ReasonDialog } from "../reason-dialog";
import { PageHeader, StatusPill } from "./ops-ui";

type Diagnostics = ResponseOf<typeof adminOpsApi.diagnostics>;
type Action = "mail" | "search" | "seed" | "backup";

const TITLES: Record<Action, string> = {
  mail: "Send a test email",
  search: "Rebuild the search indexes",
  seed: "Re-seed the official content",
  backup: "Download a database backup",
};

export default function UtilitiesPage() {
  const { data: me } = useMe();
  const { data, isPending, refetch } = useQuery({
    queryKey: ["admin-diagnostics"],
    queryFn: () => api<Diagnostics>("/api/admin/utilities/diagnostics"),
  });
  const [action, setAction] = useState<Action | null>(null);
  const [to, setTo] = useState("");
  const [done, setDone] = useState<string | null>(null);
  const checks = data
    ? [
        {
          name: "Database",
          ok: data.database.ok,
          detail: `${data.database.kind} · ${data.database.detail} · ${data.database.latencyMs} ms`,
        },
        { name: "Storage", ok: data.storage.ok, detail: data.storage.detail },
        { name: "Mail", ok: data.mail.ok, detail: data.mail.detail },
        { name: "Jobs", ok: data.jobs.ok, detail: data.jobs.detail },
        { name: "Disk", ok: data.disk.ok, detail: data.disk.detail },
        {
          name: "Version",
          ok: true,
          detail: `${data.version} · Node ${data.node} · up ${Math.round(data.uptimeSeconds / 60)} min`,
        },
      ]
    : [];
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader title="Utilities">Health checks and maintenance. Every action is kept in the audit log.</PageHeader>
      <Card className="p-5">
        <div className="flex items-center justify-between">
          <h2 className="font-semibold">Diagnostics</h2>
          <Button size="sm" variant="outline" onClick={() => refetch()}>
            Run again
          </Button>
        </div>
        {isPending ? (
          <Spinner className="mt-4" />
        ) : (
          <table className="mt-3 w-full text-sm" data-testid="diagnostics">
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {checks.map((c) => (
                <tr key={c.name}>
                  <td className="py-2 pr-4 font-medium">{c.name}</td>
                  <td className="py-2 pr-4">
                    <StatusPill ok={c.ok}>{c.ok ? "OK" : "Check"}</StatusPill>
                  </td>
                  <td className="py-2 text-slate-600 dark:text-slate-400">{c.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
      <Card className="p-5">
        <h2 className="font-semibold">Maintenance</h2>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            variant="outline"
            onClick={() => {
              setTo(me?.user.email ?? "");
              setAction("mail");
            }}
          >
            Send a test email
          </Button>
          <Button variant="outline" onClick={() => setAction("search")}>
            Rebuild search indexes
          </Button>
          <Button variant="outline" onClick={() => setAction("seed")}>
            Re-seed content
          </Button>
          <Button onClick={() => setAction("backup")}>Download backup</Button>
        </div>
        {done && (
          <p className="mt-3 text-sm text-emerald-700" role="status">
            {done}
          </p>
        )}
      </Card>
      <Card className="p-5 text-sm">
        <h2 className="font-semibold">Restoring a backup</h2>
        <ul className="mt-2 list-disc space-y-1.5 pl-5 text-slate-700 dark:text-slate-300">
          <li>
            <strong>Embedded database (PGlite)</strong>: stop the server, move <code>DATA_DIR/pglite</code> aside,
            create an empty <code>DATA_DIR/pglite</code> and unpack the downloaded <code>.tar.gz</code> into it (
            <code>tar -xzf lexmate-pglite-….tar.gz -C DATA_DIR/pglite</code>), then start the server.
          </li>
          <li>
            <strong>PostgreSQL</strong>: restore the downloaded <code>.sql</code> into an empty database with{" "}
            <code>psql "$DATABASE_URL" -f lexmate-….sql</code>, then start the server; it applies any newer migrations.
          </li>
          <li>
            Uploaded files live in storage (DATA_DIR/files or the S3 bucket): back them up with your host's tools.
          </li>
        </ul>
      </Card>
      <ReasonDialog
        open={!!action}
        onOpenChange={(o) => !o && setAction(null)}
        title={action ? TITLES[action] : ""}
        confirmLabel={action === "backup" ? "Download" : "Run"}
        onConfirm={async (reason) => {
          setDone(null);
          if (action === "mail") {
            const r = await api<{ transport: string }>("/api/admin/utilities/test-mail", { body: { to, reason } });
            setDone(`Test email sent to ${to} (${r.transport}).`);
          } else if (action === "search") {
            const r = await api<{ ms: number }>("/api/admin/utilities/rebuild-search", {
              body: { reason },
              timeoutMs: 600_000,
            });
            setDone(`Search indexes rebuilt in ${(r.ms / 1000).toFixed(1)} s.`);
          } else if (action === "seed") {
            const r = await api<{ ms: number }>("/api/admin/utilities/reseed", {
              body: { reason },
              timeoutMs: 600_000,
            });
            setDone(`Content re-seeded in ${(r.ms / 1000).toFixed(1)} s.`);
          } else if (action === "backup") {
            window.location.assign(`/api/admin/utilities/backup?reason=${encodeURIComponent(reason)}`);
            setDone("The backup download has started.");
          }
        }}
      >
        {action === "mail" && (
          <Field label="Send to" htmlFor="mail-to">
            <input
              id="mail-to"
              type="email"
              className={inputClass}
              value={to}
              onChange={(e) => setTo(e.target.value)}
            />
          </Field>
        )}
      </ReasonDialog>
    </div>
  );
}
