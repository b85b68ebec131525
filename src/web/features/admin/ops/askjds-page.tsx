/**
 * /admin/askjds (issue 17 §2, decision 065): the companion's LLM — provider, model, base URL and
 * API key (stored encrypted; the page only learns whether one is stored), a test prompt against
 * the configured provider, versioned system prompts, and quality figures from use.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { adminOpsApi } from "../../../../contract/admin-ops";
import type { ResponseOf } from "../../../../contract/route";
import { Button } from "../../../components/ui/button";
import { Card, Spinner } from "../../../components/ui/card";
import { Field, inputClass } from "../../../components/ui/input";
import { Select } from "../../../components/ui/select";
import { api } from "../../../lib/api";
import { utc } from "../data-table";
import { ReasonDialog } from "../reason-dialog";
import { PageHeader, Stat, StatusPill, textareaClass } from "./ops-ui";

type Companion = ResponseOf<typeof adminOpsApi.companion>;
type Quality = ResponseOf<typeof adminOpsApi.companionQuality>;
type TestResult = ResponseOf<typeof adminOpsApi.testCompanion>;

function SettingsCard({ data }: { data: Companion }) {
  const qc = useQueryClient();
  const s = data.settings;
  const [provider, setProvider] = useState<string>(s.provider);
  const [model, setModel] = useState(s.model ?? "");
  const [baseUrl, setBaseUrl] = useState(s.baseUrl ?? "");
  const [apiKey, setApiKey] = useState("");
  const [removeKey, setRemoveKey] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  return (
    <Card className="p-5">
      <div className="flex items-center justify-between">
        <h2 className="font-semibold">Model</h2>
        <StatusPill ok={s.source === "stored"}>
          {s.source === "stored" ? `Saved here ${utc(s.updatedAt)}` : "From the server's LLM_* settings"}
        </StatusPill>
      </div>
      <form
        className="mt-4 grid gap-4 md:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          setSaved(false);
          setSaving(true);
        }}
      >
        <Field label="Provider" htmlFor="llm-provider">
          <Select id="llm-provider" value={provider} onChange={setProvider}>
            <option value="none">None (answers composed from the course content)</option>
            <option value="openai-compatible">OpenAI-compatible (OpenAI, Ollama, vLLM, LM Studio…)</option>
            <option value="anthropic">Anthropic</option>
          </Select>
        </Field>
        <Field label="Model" htmlFor="llm-model">
          <input id="llm-model" className={inputClass} value={model} onChange={(e) => setModel(e.target.value)} />
        </Field>
        <Field
          label="Base URL"
          htmlFor="llm-base-url"
          hint="e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1"
        >
          <input
            id="llm-base-url"
            className={inputClass}
            value={baseUrl}
            onChange={(e) => setBaseUrl(e.target.value)}
          />
        </Field>
        <Field
          label="API key"
          htmlFor="llm-api-key"
          hint={s.apiKeySet ? "A key is stored (encrypted). Leave blank to keep it." : "No key stored."}
        >
          <input
            id="llm-api-key"
            type="password"
            autoComplete="off"
            className={inputClass}
            value={apiKey}
            onChange={(e) => setApiKey(e.target.value)}
          />
        </Field>
        {s.apiKeySet && (
          <label className="flex items-center gap-2 text-sm md:col-span-2">
            <input type="checkbox" checked={removeKey} onChange={(e) => setRemoveKey(e.target.checked)} /> Remove the
            stored key
          </label>
        )}
        <div className="flex items-center gap-3 md:col-span-2">
          <Button type="submit">Save settings</Button>
          {saved && (
            <span className="text-sm text-emerald-700" role="status">
              Saved. The companion uses it for the next answer.
            </span>
          )}
        </div>
      </form>
      <ReasonDialog
        open={saving}
        onOpenChange={setSaving}
        title="Save the companion's model"
        confirmLabel="Save"
        onConfirm={async (reason) => {
          await api("/api/admin/companion/settings", {
            method: "PUT",
            body: {
              provider,
              model: model.trim() || null,
              baseUrl: baseUrl.trim() || null,
              ...(removeKey ? { apiKey: null } : apiKey ? { apiKey } : {}),
              reason,
            },
          });
          setApiKey("");
          setRemoveKey(false);
          setSaved(true);
          await qc.invalidateQueries({ queryKey: ["admin-companion"] });
        }}
      />
    </Card>
  );
}

function TestCard() {
  const [prompt, setPrompt] = useState("In one sentence, what is hearsay?");
  const test = useMutation({
    mutationFn: () => api<TestResult>("/api/admin/companion/test", { body: { prompt }, timeoutMs: 120_000 }),
  });
  return (
    <Card className="p-5">
      <h2 className="font-semibold">Test prompt</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Sent to the configured provider with the active system prompt. Nothing is saved.
      </p>
      <div className="mt-3 flex gap-3">
        <input
          aria-label="Test prompt"
          className={inputClass}
          value={prompt}
          onChange={(e) => setPrompt(e.target.value)}
        />
        <Button onClick={() => test.mutate()} disabled={!prompt.trim() || test.isPending}>
          {test.isPending ? "Sending…" : "Send"}
        </Button>
      </div>
      {test.error && (
        <p className="mt-3 text-sm text-red-600" role="alert">
          {(test.error as Error).message}
        </p>
      )}
      {test.data && (
        <div className="mt-4 space-y-2" data-testid="test-result">
          <p className="text-xs text-slate-500">
            {test.data.provider} · {test.data.model ?? "no model"} · {test.data.latencyMs} ms
          </p>
          {test.data.ok ? (
            <p className="whitespace-pre-wrap rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-900">{test.data.text}</p>
          ) : (
            <p className="rounded-lg bg-red-50 p-3 text-sm text-red-700 dark:bg-red-950 dark:text-red-300" role="alert">
              {test.data.error?.code}: {test.data.error?.message}
            </p>
          )}
        </div>
      )}
    </Card>
  );
}

function PromptsCard({ data }: { data: Companion }) {
  const qc = useQueryClient();
  const active = data.prompts.find((p) => p.active);
  const [draft, setDraft] = useState(active?.content ?? data.builtInPrompt);
  const [saving, setSaving] = useState(false);
  const [activating, setActivating] = useState<{ id: string; label: string } | null>(null);
  useEffect(() => setDraft(active?.content ?? data.builtInPrompt), [active?.content, data.builtInPrompt]);
  return (
    <Card className="p-5">
      <h2 className="font-semibold">System prompt</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        In use: {active ? `version ${active.version}` : "the built-in prompt"}. Saving creates a new version; earlier
        versions stay and can be restored.
      </p>
      <textarea
        aria-label="System prompt"
        className={`${textareaClass} mt-3 font-mono`}
        rows={8}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
      />
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Button onClick={() => setSaving(true)} disabled={draft.trim().length < 20}>
          Save as new version
        </Button>
        {active && (
          <Button variant="outline" onClick={() => setActivating({ id: "builtin", label: "the built-in prompt" })}>
            Use the built-in prompt
          </Button>
        )}
      </div>
      {data.prompts.length > 0 && (
        <ul className="mt-4 divide-y divide-slate-100 text-sm dark:divide-slate-800">
          {data.prompts.map((p) => (
            <li key={p.id} className="flex items-center justify-between py-2">
              <span>
                Version {p.version} · {utc(p.createdAt)} · {p.content.length.toLocaleString("en-US")} characters
              </span>
              {p.active ? (
                <StatusPill ok>Active</StatusPill>
              ) : (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setActivating({ id: p.id, label: `version ${p.version}` })}
                >
                  Activate
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ReasonDialog
        open={saving}
        onOpenChange={setSaving}
        title="Save a new system prompt version"
        description="It becomes the active prompt at once."
        confirmLabel="Save version"
        onConfirm={async (reason) => {
          await api("/api/admin/companion/prompts", { body: { content: draft, activate: true, reason } });
          await qc.invalidateQueries({ queryKey: ["admin-companion"] });
        }}
      />
      <ReasonDialog
        open={!!activating}
        onOpenChange={(o) => !o && setActivating(null)}
        title={`Use ${activating?.label ?? ""}`}
        confirmLabel="Activate"
        onConfirm={async (reason) => {
          await api(`/api/admin/companion/prompts/${activating!.id}/activate`, { body: { reason } });
          await qc.invalidateQueries({ queryKey: ["admin-companion"] });
        }}
      />
    </Card>
  );
}

function QualityCard() {
  const [days, setDays] = useState("30");
  const { data } = useQuery({
    queryKey: ["admin-companion-quality", days],
    queryFn: () => api<Quality>(`/api/admin/companion/quality?days=${days}`),
  });
  const sum = (k: keyof Quality["days"][number]) => (data?.days ?? []).reduce((n, d) => n + (Number(d[k]) || 0), 0);
  const latencies = (data?.days ?? []).map((d) => d.medianLatencyMs).filter((x): x is number => x !== null);
  const answers = sum("answers");
  return (
    <Card className="p-5">
      <div className="flex items-center justify-between">
        <h2 className="font-semibold">Quality</h2>
        <Select value={days} onChange={setDays} label="Period" size="sm" className="w-32">
          <option value="7">7 days</option>
          <option value="30">30 days</option>
          <option value="90">90 days</option>
        </Select>
      </div>
      <div className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-4 lg:grid-cols-7">
        <Stat label="Answers" value={answers} />
        <Stat
          label="Declines"
          value={`${sum("declines")}${answers ? ` (${Math.round((sum("declines") / answers) * 100)}%)` : ""}`}
        />
        <Stat label="Citations" value={sum("citations")} />
        <Stat label="Thumbs up" value={sum("thumbsUp")} tone="good" />
        <Stat label="Thumbs down" value={sum("thumbsDown")} tone={sum("thumbsDown") ? "bad" : undefined} />
        <Stat
          label="LLM errors"
          value={`${sum("llmErrors")} / ${sum("llmCalls")}`}
          tone={sum("llmErrors") ? "bad" : undefined}
        />
        <Stat
          label="Median latency"
          value={latencies.length ? `${Math.round(latencies.reduce((a, b) => a + b, 0) / latencies.length)} ms` : "—"}
        />
      </div>
      <figure className="mt-5 h-64" aria-label="Answers and declines per day">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data?.days ?? []}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" tickFormatter={(d: string) => d.slice(5)} fontSize={12} />
            <YAxis allowDecimals={false} fontSize={12} />
            <Tooltip />
            <Legend />
            <Bar dataKey="answers" name="Answers" fill="#4f46e5" />
            <Bar dataKey="declines" name="Declines" fill="#f59e0b" />
            <Bar dataKey="thumbsDown" name="Thumbs down" fill="#dc2626" />
          </BarChart>
        </ResponsiveContainer>
      </figure>
    </Card>
  );
}

export default function AskJdsPage() {
  const { data, isPending } = useQuery({
    queryKey: ["admin-companion"],
    queryFn: () => api<Companion>("/api/admin/companion"),
  });
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader title="Companion">
        The study companion's language model. Without one, answers are composed from the course content.
      </PageHeader>
      {isPending || !data ? (
        <Spinner />
      ) : (
        <>
          <div className="grid gap-6 lg:grid-cols-2">
            <SettingsCard data={data} />
            <TestCard />
          </div>
          <PromptsCard data={data} />
          <QualityCard />
        </>
      )}
    </div>
  );
}
