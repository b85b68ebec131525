/**
 * CourtListener on /admin/cases (issue 17 §2 'cases'; decision 067): search CourtListener's
 * opinions and import one into the shared library with a reason (audited). Shown only when the
 * server has COURTLISTENER_API_TOKEN (the facets' `liveSearch` flag).
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ExternalLink, Search } from "lucide-react";
import { useState } from "react";
import type { adminOpsApi } from "../../../../contract/admin-ops";
import type { ResponseOf } from "../../../../contract/route";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { inputClass } from "../../../components/ui/input";
import { api } from "../../../lib/api";
import { ReasonDialog } from "../reason-dialog";
import { StatusPill } from "./ops-ui";

type Hit = ResponseOf<typeof adminOpsApi.courtListenerSearch>["results"][number];

export function CourtListenerPanel() {
  const qc = useQueryClient();
  const [typed, setTyped] = useState("");
  const [q, setQ] = useState("");
  const [importing, setImporting] = useState<Hit | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const search = useQuery({
    queryKey: ["admin-courtlistener", q],
    queryFn: () =>
      api<ResponseOf<typeof adminOpsApi.courtListenerSearch>>(
        `/api/admin/cases/courtlistener?${new URLSearchParams({ q })}`,
      ),
    enabled: q.length > 0,
    staleTime: 60_000,
  });
  const imported = useMutation({
    mutationFn: ({ hit, reason }: { hit: Hit; reason: string }) =>
      api<ResponseOf<typeof adminOpsApi.courtListenerImport>>("/api/admin/cases/courtlistener/import", {
        body: { clusterId: hit.clusterId, reason },
      }),
    onSuccess: async (r) => {
      setOutcome(`${r.opinion.name} is in the library (${r.opinion.status === "created" ? "new" : "updated"}).`);
      await qc.invalidateQueries({ queryKey: ["admin-list"] });
      await qc.invalidateQueries({ queryKey: ["admin-courtlistener"] });
    },
  });
  return (
    <Card className="p-5" data-testid="courtlistener-panel">
      <h2 className="font-semibold">CourtListener</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Search the Free Law Project's opinions and import one into the shared library.
      </p>
      <form
        className="mt-4 flex flex-wrap gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setOutcome(null);
          setQ(typed.trim());
        }}
      >
        <label className="relative min-w-56 flex-1">
          <span className="sr-only">Search CourtListener</span>
          <Search className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-slate-400" aria-hidden />
          <input
            type="search"
            className={`${inputClass} pl-9`}
            placeholder="Case name, citation or words of the opinion"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </label>
        <Button type="submit" variant="outline" disabled={!typed.trim()}>
          Search CourtListener
        </Button>
      </form>
      {search.error && (
        <p className="mt-3 text-sm text-red-600" role="alert">
          {(search.error as Error).message}
        </p>
      )}
      {outcome && (
        <p className="mt-3 text-sm font-medium" role="status" data-testid="courtlistener-outcome">
          {outcome}
        </p>
      )}
      {search.data && (
        <ul className="mt-4 divide-y divide-slate-100 dark:divide-slate-800">
          {search.data.results.length === 0 && <li className="py-3 text-sm text-slate-500">No opinion matches.</li>}
          {search.data.results.map((h) => (
            <li key={h.clusterId} className="flex flex-wrap items-start justify-between gap-3 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-medium">{h.name}</p>
                <p className="text-xs text-slate-500">
                  {[h.citation, h.court, h.date].filter(Boolean).join(" · ")}{" "}
                  <a
                    href={h.url}
                    target="_blank"
                    rel="noreferrer"
                    className="inline-flex items-center gap-0.5 underline"
                  >
                    CourtListener <ExternalLink className="h-3 w-3" aria-hidden />
                  </a>
                </p>
              </div>
              {h.importedId ? (
                <StatusPill ok>In the library</StatusPill>
              ) : (
                <Button size="sm" onClick={() => setImporting(h)}>
                  Import
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ReasonDialog
        open={!!importing}
        onOpenChange={(o) => !o && setImporting(null)}
        title="Import from CourtListener"
        description={importing ? `${importing.name} goes into the library every student searches.` : undefined}
        confirmLabel="Import into the library"
        onConfirm={(reason) => imported.mutateAsync({ hit: importing!, reason })}
      />
    </Card>
  );
}
