/** /test-auth (debug: session + two server calls) and /roadmap. */
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { api } from "../../lib/api";
import { useMe } from "../../lib/session";

export function TestAuthPage() {
  const { data: me } = useMe();
  const [out, setOut] = useState<string>("");
  const run = async (label: string, fn: () => Promise<unknown>) => {
    try {
      setOut(`${label}: ${JSON.stringify(await fn(), null, 2)}`);
    } catch (err) {
      setOut(`${label} failed: ${(err as Error).message}`);
    }
  };
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-2xl font-bold tracking-tight">Auth test</h1>
      <Card>
        <p className="text-sm">Session: {me ? <strong>{me.user.email}</strong> : "none"}</p>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button onClick={() => run("session", () => api("/api/auth/get-session"))}>Test session</Button>
          <Button
            variant="outline"
            onClick={() => run("test-auth", () => api("/api/test-auth", { body: { test: true } }))}
          >
            Test test-auth
          </Button>
          <Button variant="outline" onClick={() => run("get-user-subscription", () => api("/api/subscription"))}>
            Test subscription
          </Button>
        </div>
        {out && (
          <pre
            className="mt-4 overflow-auto rounded-lg bg-slate-900 p-4 text-xs text-slate-100"
            data-testid="test-auth-output"
          >
            {out}
          </pre>
        )}
      </Card>
    </div>
  );
}

const ROADMAP = [
  { title: "Accounts, settings and plans", status: "Shipped" },
  { title: "Official content for the seven MBE subjects", status: "In progress" },
  { title: "Study companion with cited answers", status: "Next" },
  { title: "Case law library, briefs and notes", status: "Planned" },
  { title: "Flashcards with FSRS, quizzes and question bank", status: "Planned" },
  { title: "Outlines and video courses", status: "Planned" },
];

export function RoadmapPage() {
  return (
    <div className="mx-auto max-w-3xl pb-20">
      <h1 className="text-2xl font-bold tracking-tight">Roadmap</h1>
      <ol className="mt-6 space-y-3">
        {ROADMAP.map((r) => (
          <li
            key={r.title}
            className="flex items-center justify-between rounded-xl border border-slate-200 p-4 dark:border-slate-800"
          >
            <span className="font-medium">{r.title}</span>
            <span className="text-sm text-slate-500">{r.status}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
