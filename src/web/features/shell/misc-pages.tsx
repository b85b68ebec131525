/** /test-auth (debug: session + two server calls) and /roadmap. */
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { api } from "../../lib/api";
import { useMe } from "../../lib/session";
import { FEATURES, featureStatus } from "./placeholders";

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

/**
 * /roadmap: every feature and whether it is shipped, generated from the placeholder list (a feature
 * whose routes still show 'coming soon' is Planned), so it cannot fall behind the app (issue 12
 * item 25). Shipped features link to their page.
 */
export function RoadmapPage() {
  return (
    <div className="mx-auto max-w-3xl pb-20">
      <h1 className="text-2xl font-bold tracking-tight">Roadmap</h1>
      <ol className="mt-6 space-y-3">
        {FEATURES.map((f) => {
          const status = featureStatus(f.key);
          return (
            <li
              key={f.key}
              data-testid="roadmap-item"
              data-status={status}
              className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
            >
              {status === "Shipped" ? (
                <Link to={f.to} className="font-medium hover:underline">
                  {f.title}
                </Link>
              ) : (
                <span className="font-medium">{f.title}</span>
              )}
              <span
                className={
                  status === "Shipped"
                    ? "rounded-full bg-emerald-50 px-2.5 py-0.5 text-sm font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200"
                    : "rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300"
                }
              >
                {status}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
