/** /admin/set-admin (SPEC.md §2.5): email → administrator, with a reason (the users page's 'Make admin' action). */
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Field, Input, inputClass } from "../../components/ui/input";
import { api } from "../../lib/api";

export default function SetAdminPage() {
  const [email, setEmail] = useState("");
  const [reason, setReason] = useState("");
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <div className="mx-auto max-w-xl">
      <h1 className="text-2xl font-bold tracking-tight">Set admin</h1>
      <Card className="mt-6">
        <form
          className="space-y-4"
          onSubmit={async (e) => {
            e.preventDefault();
            setBusy(true);
            setResult(null);
            try {
              const r = await api<{ email: string; changed: boolean }>("/api/admin/set-admin", {
                body: { email: email.trim(), reason: reason.trim() },
              });
              setResult({
                ok: true,
                text: r.changed ? `${r.email} is now an administrator.` : `${r.email} was already an administrator.`,
              });
              setEmail("");
              setReason("");
            } catch (err) {
              setResult({ ok: false, text: (err as Error).message });
            } finally {
              setBusy(false);
            }
          }}
        >
          <Field label="Email" htmlFor="set-admin-email">
            <Input
              id="set-admin-email"
              type="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </Field>
          <Field label="Reason" htmlFor="set-admin-reason" hint="Kept in the audit log.">
            <textarea
              id="set-admin-reason"
              className={inputClass}
              rows={2}
              minLength={3}
              maxLength={500}
              required
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </Field>
          <Button type="submit" disabled={busy}>
            Make administrator
          </Button>
          {result && (
            <p
              role={result.ok ? "status" : "alert"}
              className={result.ok ? "text-sm text-emerald-700 dark:text-emerald-400" : "text-sm text-red-600"}
            >
              {result.text}
            </p>
          )}
        </form>
      </Card>
    </div>
  );
}
