/**
 * CourtListener results below the library's own (issue 5 §3), shown when the server has a
 * CourtListener token. One click imports an opinion into the student's library.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { safeHttpUrl } from "../../../domain/links";
import { CloudDownload, ExternalLink, Globe } from "lucide-react";
import { useNavigate } from "react-router";
import type { LiveHit } from "../../../contract/case-law";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/card";
import { api } from "../../lib/api";
import { toast } from "../../lib/toast";

export function LiveResults({ q }: { q: string }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const live = useQuery({
    queryKey: ["case-law", "live", q],
    queryFn: () => api<{ results: LiveHit[]; cached: boolean }>(`/api/case-law/live?q=${encodeURIComponent(q)}`),
    retry: false,
    staleTime: 10 * 60_000,
  });
  const importOne = useMutation({
    mutationFn: (clusterId: number) =>
      api<{ opinion: { id: string; name: string } }>("/api/case-law/live/import", {
        body: { clusterId },
        timeoutMs: 60_000,
      }),
    onSuccess: (r) => {
      void qc.invalidateQueries({ queryKey: ["case-law"] });
      toast.add({ title: "Imported", description: r.opinion.name, variant: "success" });
      navigate(`/case-law/${r.opinion.id}`);
    },
    onError: (e) =>
      toast.add({
        title: "Could not import from CourtListener",
        description: (e as Error).message,
        variant: "destructive",
      }),
  });
  return (
    <section className="mt-10" aria-label="CourtListener results">
      <h2 className="flex items-center gap-2 text-sm font-semibold tracking-wide text-slate-500 dark:text-slate-400 uppercase">
        <Globe className="h-4 w-4" /> More on CourtListener
      </h2>
      {live.isPending ? (
        <Spinner className="m-6 text-brand-700" />
      ) : live.error ? (
        <p
          role="alert"
          className="mt-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/50 dark:text-amber-100"
          data-testid="live-error"
        >
          {(live.error as Error).message}
        </p>
      ) : !live.data?.results.length ? (
        <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">
          CourtListener has nothing more for this search.
        </p>
      ) : (
        <ul className="mt-3 space-y-3" data-testid="live-results">
          {live.data.results.map((h) => (
            <li
              key={h.clusterId}
              className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
            >
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-semibold italic">{h.name}</p>
                  <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">
                    {[h.citation, h.court, h.date?.slice(0, 4)].filter(Boolean).join(" · ")}
                  </p>
                </div>
                <div className="flex shrink-0 gap-2">
                  {safeHttpUrl(h.url) ? (
                    <a
                      href={safeHttpUrl(h.url)!}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex h-8 items-center gap-1 rounded-lg px-2 text-sm text-slate-500 dark:text-slate-400 hover:bg-slate-100 dark:hover:bg-slate-800"
                      aria-label={`Open ${h.name} on CourtListener`}
                    >
                      <ExternalLink className="h-4 w-4" />
                    </a>
                  ) : null}
                  {h.importedId ? (
                    <Button size="sm" variant="outline" onClick={() => navigate(`/case-law/${h.importedId}`)}>
                      Open
                    </Button>
                  ) : (
                    <Button size="sm" onClick={() => importOne.mutate(h.clusterId)} disabled={importOne.isPending}>
                      <CloudDownload className="h-4 w-4" />{" "}
                      {importOne.isPending && importOne.variables === h.clusterId ? "Importing…" : "Import"}
                    </Button>
                  )}
                </div>
              </div>
              {h.snippet && (
                <p
                  className="snippet mt-2 text-sm leading-6 text-slate-700 dark:text-slate-300"
                  dangerouslySetInnerHTML={{ __html: h.snippet }}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
