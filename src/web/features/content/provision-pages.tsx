/**
 * Governing provisions (decision 012), the pages the companion's provision citations open:
 *   /library/provisions                 every rule, section and amendment our topics rely on
 *   /library/provisions/:provisionId    one provision and the topics under each of its sub-provisions
 * Lexmate does not reproduce the provision's text; the page says where the library relies on it.
 */
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, Gavel } from "lucide-react";
import { Link, useParams } from "react-router";
import { Card, Spinner } from "../../components/ui/card";
import type { contentApi } from "../../../contract/content";
import type { ResponseOf } from "../../../contract/route";
import { ApiError, api } from "../../lib/api";
import { NotFoundPage } from "../shell/screens";

type ProvisionResponse = ResponseOf<typeof contentApi.provision>;
type ProvisionsResponse = ResponseOf<typeof contentApi.provisions>;

export function ProvisionPage() {
  const { provisionId } = useParams();
  const { data, isPending, error } = useQuery({
    queryKey: ["provision", provisionId],
    queryFn: () => api<ProvisionResponse>(`/api/provisions/${provisionId}`),
  });
  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />;
  if (isPending || !data) return <Spinner className="m-10 text-brand-700" />;
  const p = data.provision;
  const topicCount = new Set(data.cites.flatMap((c) => c.topics.map((t) => t.id))).size;
  return (
    <article className="mx-auto max-w-3xl">
      <Link to="/library/provisions" className="inline-flex items-center gap-1 text-sm text-slate-500 hover:underline">
        <ArrowLeft className="h-4 w-4" /> Provisions
      </Link>
      <p className="mt-3 text-xs font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-100">
        {p.family}
      </p>
      <h1 className="mt-1 flex items-center gap-2 text-2xl font-bold tracking-tight" data-testid="provision-label">
        <Gavel className="h-6 w-6 text-brand-700" aria-hidden /> {p.label}
      </h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">
        {topicCount === 1 ? "One topic in the library rests" : `${topicCount} topics in the library rest`} on this
        provision. Open a topic for the rule in our words, its elements, cases and exam traps.
      </p>
      <div className="mt-6 space-y-4">
        {data.cites.map((c) => (
          <Card key={c.cite} className="p-5">
            <h2 className="font-semibold">{c.cite}</h2>
            <ul className="mt-2 space-y-1">
              {c.topics.map((t) => (
                <li key={t.id}>
                  <Link to={`/library/topics/${t.id}`} className="text-brand-700 hover:underline dark:text-brand-100">
                    {t.title}
                  </Link>
                </li>
              ))}
            </ul>
          </Card>
        ))}
      </div>
    </article>
  );
}

export function ProvisionsPage() {
  const { data, isPending } = useQuery({
    queryKey: ["provisions"],
    queryFn: () => api<ProvisionsResponse>("/api/provisions"),
  });
  if (isPending || !data) return <Spinner className="m-10 text-brand-700" />;
  return (
    <div className="mx-auto max-w-5xl">
      <Link to="/library" className="inline-flex items-center gap-1 text-sm text-slate-500 hover:underline">
        <ArrowLeft className="h-4 w-4" /> Subjects
      </Link>
      <h1 className="mt-2 text-2xl font-bold tracking-tight">Governing provisions</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">
        The rules, code sections and constitutional provisions our topics rely on.
      </p>
      <div className="mt-6 space-y-8">
        {data.families.map((f) => (
          <section key={f.family}>
            <h2 className="text-lg font-semibold">{f.family}</h2>
            <div className="mt-3 flex flex-wrap gap-2">
              {f.provisions.map((p) => (
                <Link
                  key={p.id}
                  to={`/library/provisions/${p.id}`}
                  className="rounded-full border border-slate-300 px-3 py-1 text-sm hover:border-brand-500 dark:border-slate-700"
                >
                  {p.label}
                </Link>
              ))}
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}
