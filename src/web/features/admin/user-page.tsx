/**
 * /admin/users/:userId (issue 17 §2): profile, subscription, usage, sessions, recent activity and
 * the account's audit rows; every action asks for a reason (ReasonDialog) and is audited.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import type { AdminUserDetail } from "../../../contract/admin";
import { Button } from "../../components/ui/button";
import { Card, Spinner } from "../../components/ui/card";
import { Field, inputClass } from "../../components/ui/input";
import { api } from "../../lib/api";
import { toast } from "../../lib/toast";
import { utc } from "./data-table";
import { ReasonDialog } from "./reason-dialog";
import { PlanBadge } from "./users-page";

type Action = "plan" | "trial" | "admin" | "disable" | "sessions" | "resend" | "export" | "delete" | null;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card className="p-5">
      <h2 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">{title}</h2>
      <div className="mt-3 text-sm">{children}</div>
    </Card>
  );
}

export default function UserPage() {
  const { userId = "" } = useParams();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const key = ["admin-user", userId];
  const { data, isPending, error } = useQuery({
    queryKey: key,
    queryFn: () => api<AdminUserDetail>(`/api/admin/users/${encodeURIComponent(userId)}`),
  });
  const [action, setAction] = useState<Action>(null);
  const [plan, setPlan] = useState<"free" | "trial" | "unlimited">("unlimited");
  const [endsAt, setEndsAt] = useState("");
  const [days, setDays] = useState(7);
  const [confirmEmail, setConfirmEmail] = useState("");

  if (isPending) return <Spinner className="m-6" />;
  if (error || !data)
    return (
      <p className="text-red-600" role="alert">
        {(error as Error)?.message ?? "Not found."}
      </p>
    );
  const u = data.user;
  const base = `/api/admin/users/${encodeURIComponent(u.id)}`;
  const done = (title: string, next?: AdminUserDetail) => {
    if (next) qc.setQueryData(key, next);
    else void qc.invalidateQueries({ queryKey: key });
    void qc.invalidateQueries({ queryKey: ["admin-list"] });
    toast.add({ title, variant: "success" });
  };
  const patch = async (body: Record<string, unknown>, title: string) =>
    done(title, await api<AdminUserDetail>(base, { method: "PATCH", body }));

  return (
    <div className="mx-auto max-w-6xl">
      <Link to="/admin/users" className="text-sm text-brand-700 underline dark:text-brand-400">
        ← Users
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight">{u.email}</h1>
        <PlanBadge plan={u.plan} />
        {u.isAdmin && <span className="text-sm font-medium text-brand-700 dark:text-brand-400">Admin</span>}
        {u.disabled && <span className="text-sm font-medium text-red-600">Sign-in disabled</span>}
        {!u.emailVerified && <span className="text-sm text-slate-500">Unconfirmed</span>}
      </div>

      <div className="mt-4 flex flex-wrap gap-2">
        <Button size="sm" onClick={() => setAction("plan")}>
          Change plan
        </Button>
        <Button size="sm" variant="outline" onClick={() => setAction("trial")}>
          Extend trial
        </Button>
        <Button size="sm" variant="outline" onClick={() => setAction("admin")}>
          {u.isAdmin ? "Revoke admin" : "Make admin"}
        </Button>
        <Button size="sm" variant="outline" onClick={() => setAction("disable")}>
          {u.disabled ? "Enable sign-in" : "Disable sign-in"}
        </Button>
        <Button size="sm" variant="outline" onClick={() => setAction("sessions")}>
          Revoke all sessions
        </Button>
        {!u.emailVerified && (
          <Button size="sm" variant="outline" onClick={() => setAction("resend")}>
            Resend confirmation
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={() => setAction("export")}>
          Export data (JSON)
        </Button>
        <Button size="sm" variant="destructive" onClick={() => setAction("delete")}>
          Delete account
        </Button>
      </div>

      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <Section title="Profile">
          <dl className="grid grid-cols-[8rem_1fr] gap-y-1">
            <dt className="text-slate-500">Name</dt>
            <dd>{u.name}</dd>
            <dt className="text-slate-500">First / last</dt>
            <dd>
              {u.firstName || "—"} / {u.lastName || "—"}
            </dd>
            <dt className="text-slate-500">Signed up</dt>
            <dd>{utc(u.createdAt)}</dd>
            <dt className="text-slate-500">Id</dt>
            <dd className="font-mono text-xs">{u.id}</dd>
          </dl>
        </Section>
        <Section title="Usage">
          <dl className="grid grid-cols-[12rem_1fr] gap-y-1">
            <dt className="text-slate-500">Messages this month</dt>
            <dd>{data.usage.messagesThisMonth}</dd>
            <dt className="text-slate-500">Messages ever</dt>
            <dd>{data.usage.lifetimeMessages}</dd>
            <dt className="text-slate-500">Conversations</dt>
            <dd>{data.usage.threads}</dd>
            <dt className="text-slate-500">Notes / outlines</dt>
            <dd>
              {data.usage.notes} / {data.usage.outlines}
            </dd>
            <dt className="text-slate-500">Study reviews</dt>
            <dd>{data.usage.reviews}</dd>
          </dl>
        </Section>
        <Section title="Subscription">
          {data.subscriptions.length === 0 ? (
            <p className="text-slate-500">None (Free).</p>
          ) : (
            <ul className="space-y-1">
              {data.subscriptions.map((s) => (
                <li key={s.id}>
                  <strong>{s.status}</strong> {s.priceId ?? ""} · ends {utc(s.currentPeriodEnd)}
                  {s.cancelAtPeriodEnd && " · cancels at period end"}
                </li>
              ))}
            </ul>
          )}
        </Section>
        <Section title={`Sessions (${data.sessions.length})`}>
          {data.sessions.length === 0 ? (
            <p className="text-slate-500">No active session.</p>
          ) : (
            <ul className="space-y-1">
              {data.sessions.map((s) => (
                <li key={s.id}>
                  {utc(s.createdAt)} · {s.ipAddress ?? "unknown IP"} ·{" "}
                  <span className="text-slate-500">{(s.userAgent ?? "").slice(0, 60)}</span>
                </li>
              ))}
            </ul>
          )}
        </Section>
        <Section title="Recent activity">
          {data.activity.length === 0 ? (
            <p className="text-slate-500">No activity recorded.</p>
          ) : (
            <ul className="space-y-0.5">
              {data.activity.map((a, i) => (
                <li key={`${a.createdAt}-${a.name}-${i}`}>
                  {utc(a.createdAt)} · <code className="text-xs">{a.name}</code>
                </li>
              ))}
            </ul>
          )}
        </Section>
        <Section title="Admin actions on this account">
          {data.audit.length === 0 ? (
            <p className="text-slate-500">None.</p>
          ) : (
            <ul className="space-y-1" data-testid="user-audit">
              {data.audit.map((a) => (
                <li key={a.id}>
                  {utc(a.createdAt)} · <code className="text-xs">{a.action}</code> by {a.actorEmail}: “{a.reason}”
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>

      <ReasonDialog
        open={action === "plan"}
        onOpenChange={(o) => !o && setAction(null)}
        title="Change plan"
        description={`Current plan: ${u.plan}.`}
        confirmLabel="Change plan"
        onConfirm={(reason) =>
          patch(
            {
              plan,
              reason,
              ...(endsAt && plan !== "free" ? { planEndsAt: new Date(`${endsAt}T23:59:59Z`).toISOString() } : {}),
            },
            "Plan changed",
          )
        }
      >
        <Field label="New plan" htmlFor="admin-plan">
          <select
            id="admin-plan"
            className={inputClass}
            value={plan}
            onChange={(e) => setPlan(e.target.value as typeof plan)}
          >
            <option value="free">Free</option>
            <option value="trial">Trial</option>
            <option value="unlimited">Unlimited</option>
          </select>
        </Field>
        {plan !== "free" && (
          <Field
            label="Ends on (UTC, optional)"
            htmlFor="admin-plan-end"
            hint="Default: 7 days for a trial, 30 for Unlimited."
          >
            <input
              id="admin-plan-end"
              type="date"
              className={inputClass}
              value={endsAt}
              onChange={(e) => setEndsAt(e.target.value)}
            />
          </Field>
        )}
      </ReasonDialog>

      <ReasonDialog
        open={action === "trial"}
        onOpenChange={(o) => !o && setAction(null)}
        title="Extend trial"
        confirmLabel="Extend trial"
        onConfirm={async (reason) =>
          done("Trial extended", await api<AdminUserDetail>(`${base}/extend-trial`, { body: { days, reason } }))
        }
      >
        <Field label="Days to add" htmlFor="admin-trial-days">
          <input
            id="admin-trial-days"
            type="number"
            min={1}
            max={365}
            className={inputClass}
            value={days}
            onChange={(e) => setDays(Number(e.target.value))}
          />
        </Field>
      </ReasonDialog>

      <ReasonDialog
        open={action === "admin"}
        onOpenChange={(o) => !o && setAction(null)}
        title={u.isAdmin ? "Revoke admin" : "Make admin"}
        description={u.isAdmin ? "The account loses the admin console." : "The account gets the admin console."}
        confirmLabel={u.isAdmin ? "Revoke admin" : "Make admin"}
        onConfirm={(reason) => patch({ isAdmin: !u.isAdmin, reason }, u.isAdmin ? "Admin revoked" : "Admin granted")}
      />

      <ReasonDialog
        open={action === "disable"}
        onOpenChange={(o) => !o && setAction(null)}
        title={u.disabled ? "Enable sign-in" : "Disable sign-in"}
        description={u.disabled ? "The account can sign in again." : "Every session ends now and sign-in is refused."}
        confirmLabel={u.disabled ? "Enable sign-in" : "Disable sign-in"}
        destructive={!u.disabled}
        onConfirm={(reason) =>
          patch({ disabled: !u.disabled, reason }, u.disabled ? "Sign-in enabled" : "Sign-in disabled")
        }
      />

      <ReasonDialog
        open={action === "sessions"}
        onOpenChange={(o) => !o && setAction(null)}
        title="Revoke all sessions"
        description="The account is signed out everywhere."
        confirmLabel="Revoke sessions"
        onConfirm={async (reason) => {
          const r = await api<{ revoked: number }>(`${base}/revoke-sessions`, { body: { reason } });
          done(`${r.revoked} session${r.revoked === 1 ? "" : "s"} revoked`);
        }}
      />

      <ReasonDialog
        open={action === "resend"}
        onOpenChange={(o) => !o && setAction(null)}
        title="Resend confirmation"
        confirmLabel="Send"
        onConfirm={async (reason) => {
          await api(`${base}/resend-confirmation`, { body: { reason } });
          done("Confirmation email sent");
        }}
      />

      <ReasonDialog
        open={action === "export"}
        onOpenChange={(o) => !o && setAction(null)}
        title="Export the account's data"
        description="Downloads one JSON file with everything the account owns."
        confirmLabel="Export"
        onConfirm={async (reason) => {
          const doc = await api<unknown>(`${base}/export`, { body: { reason }, timeoutMs: 60_000 });
          const url = URL.createObjectURL(new Blob([JSON.stringify(doc, null, 2)], { type: "application/json" }));
          const a = document.createElement("a");
          a.href = url;
          a.download = `user-${u.id}.json`;
          a.click();
          URL.revokeObjectURL(url);
          done("Export downloaded");
        }}
      />

      <ReasonDialog
        open={action === "delete"}
        onOpenChange={(o) => !o && setAction(null)}
        title="Delete account and data"
        description="This deletes the account and everything it owns. It cannot be undone."
        confirmLabel="Delete for good"
        destructive
        onConfirm={async (reason) => {
          await api(base, { method: "DELETE", body: { reason, confirmEmail } });
          toast.add({ title: "Account deleted", variant: "success" });
          void qc.invalidateQueries({ queryKey: ["admin-list"] });
          navigate("/admin/users");
        }}
      >
        <Field label={`Type ${u.email} to confirm`} htmlFor="admin-delete-email">
          <input
            id="admin-delete-email"
            className={inputClass}
            value={confirmEmail}
            onChange={(e) => setConfirmEmail(e.target.value)}
          />
        </Field>
      </ReasonDialog>
    </div>
  );
}
