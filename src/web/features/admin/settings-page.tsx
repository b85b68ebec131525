/**
 * /admin/settings (issue 17 §2): site name, support email, sign-ups open or closed, maintenance
 * mode (banner + read-only app for students), default trial length, free message limit. Saving
 * asks for a reason; the audit row holds the changed fields.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { SiteSettings } from "../../../contract/admin";
import { Button } from "../../components/ui/button";
import { Card, Spinner } from "../../components/ui/card";
import { Field, Input, inputClass } from "../../components/ui/input";
import { api } from "../../lib/api";
import { toast } from "../../lib/toast";
import { ReasonDialog } from "./reason-dialog";

function Toggle({
  id,
  label,
  hint,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <label htmlFor={id} className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        className="mt-1 h-4 w-4"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>
        <span className="block text-sm font-medium">{label}</span>
        <span className="block text-xs text-slate-500">{hint}</span>
      </span>
    </label>
  );
}

export default function SettingsPage() {
  const qc = useQueryClient();
  const { data, isPending } = useQuery({
    queryKey: ["admin-settings"],
    queryFn: () => api<SiteSettings>("/api/admin/settings"),
  });
  const [form, setForm] = useState<SiteSettings | null>(null);
  const [confirm, setConfirm] = useState(false);
  useEffect(() => {
    if (data) setForm(data);
  }, [data]);
  if (isPending || !form) return <Spinner className="m-6" />;
  const set = <K extends keyof SiteSettings>(k: K, v: SiteSettings[K]) => setForm({ ...form, [k]: v });
  const dirty = JSON.stringify(form) !== JSON.stringify(data);
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="text-2xl font-bold tracking-tight">Settings</h1>
      <Card className="mt-6">
        <form
          className="space-y-5"
          onSubmit={(e) => {
            e.preventDefault();
            setConfirm(true);
          }}
        >
          <Field label="Site name" htmlFor="s-name">
            <Input
              id="s-name"
              required
              maxLength={80}
              value={form.siteName}
              onChange={(e) => set("siteName", e.target.value)}
            />
          </Field>
          <Field label="Support email" htmlFor="s-support">
            <Input
              id="s-support"
              type="email"
              required
              value={form.supportEmail}
              onChange={(e) => set("supportEmail", e.target.value)}
            />
          </Field>
          <Toggle
            id="s-signups"
            label="Sign-ups open"
            hint="When off, new accounts cannot be created."
            checked={form.signupsOpen}
            onChange={(v) => set("signupsOpen", v)}
          />
          <Toggle
            id="s-maintenance"
            label="Maintenance mode"
            hint="Students see a banner and the app is read-only for them; administrators keep working."
            checked={form.maintenanceMode}
            onChange={(v) => set("maintenanceMode", v)}
          />
          <Field label="Maintenance banner text" htmlFor="s-maint-msg">
            <textarea
              id="s-maint-msg"
              className={inputClass}
              rows={2}
              maxLength={300}
              value={form.maintenanceMessage}
              onChange={(e) => set("maintenanceMessage", e.target.value)}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Default trial length (days)"
              htmlFor="s-trial"
              hint="For accounts confirmed from now on; 0 = no trial."
            >
              <Input
                id="s-trial"
                type="number"
                min={0}
                max={90}
                required
                value={form.trialDays}
                onChange={(e) => set("trialDays", Number(e.target.value))}
              />
            </Field>
            <Field label="Free messages per month" htmlFor="s-free">
              <Input
                id="s-free"
                type="number"
                min={0}
                max={10000}
                required
                value={form.freeMessageLimit}
                onChange={(e) => set("freeMessageLimit", Number(e.target.value))}
              />
            </Field>
          </div>
          <Button type="submit" disabled={!dirty}>
            Save settings
          </Button>
        </form>
      </Card>
      <ReasonDialog
        open={confirm}
        onOpenChange={setConfirm}
        title="Save settings"
        confirmLabel="Save"
        onConfirm={async (reason) => {
          const saved = await api<SiteSettings>("/api/admin/settings", { method: "PUT", body: { ...form, reason } });
          qc.setQueryData(["admin-settings"], saved);
          void qc.invalidateQueries({ queryKey: ["site"] });
          toast.add({ title: "Settings saved", variant: "success" });
        }}
      />
    </div>
  );
}
