/**
 * /admin/price-mapping (issue 17 §2, issue 14 §7): the rows /api/pricing shows and checkout charges
 * (through the Stripe price id). Add or replace a row, turn it on or off, delete it, clear the cache.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { PriceRow } from "../../../../contract/admin-ops";
import { Button } from "../../../components/ui/button";
import { Card, Spinner } from "../../../components/ui/card";
import { Field, inputClass } from "../../../components/ui/input";
import { Select } from "../../../components/ui/select";
import { api } from "../../../lib/api";
import { ReasonDialog } from "../reason-dialog";
import { PageHeader, StatusPill } from "./ops-ui";

type Action =
  | { kind: "add" }
  | { kind: "toggle"; row: PriceRow }
  | { kind: "delete"; row: PriceRow }
  | { kind: "cache" };

export default function PriceMappingPage() {
  const qc = useQueryClient();
  const { data, isPending } = useQuery({
    queryKey: ["admin-prices"],
    queryFn: () => api<{ rows: PriceRow[] }>("/api/admin/prices"),
  });
  const [action, setAction] = useState<Action | null>(null);
  const [form, setForm] = useState({
    tier: "unlimited",
    interval: "month",
    amount: "10.00",
    currency: "USD",
    priceId: "",
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ["admin-prices"] });
  const title =
    action?.kind === "add"
      ? "Add or replace a price"
      : action?.kind === "toggle"
        ? `${action.row.active ? "Turn off" : "Turn on"} ${action.row.id}`
        : action?.kind === "delete"
          ? `Delete ${action.row.id}`
          : "Clear the pricing cache";
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader title="Price mapping">
        What the pricing page shows and what checkout charges. A row is keyed by tier and interval; its Stripe price id
        is the price checkout uses.
      </PageHeader>
      <div className="flex gap-2">
        <Button onClick={() => setAction({ kind: "add" })}>Add price</Button>
        <Button variant="outline" onClick={() => setAction({ kind: "cache" })}>
          Clear pricing cache
        </Button>
      </div>
      <Card className="overflow-x-auto p-0">
        {isPending ? (
          <Spinner className="m-6" />
        ) : (
          <table className="w-full text-left text-sm" data-testid="prices-table">
            <thead className="border-b border-slate-200 text-xs uppercase text-slate-500 dark:border-slate-800">
              <tr>
                {["Row", "Tier", "Interval", "Price", "Stripe price", "Status", ""].map((h) => (
                  <th key={h} className="px-4 py-3 font-medium">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {data?.rows.map((p) => (
                <tr key={p.id}>
                  <td className="px-4 py-3 font-mono text-xs">{p.id}</td>
                  <td className="px-4 py-3">{p.tierName}</td>
                  <td className="px-4 py-3">{p.intervalType}</td>
                  <td className="px-4 py-3">
                    {p.formattedPrice} <span className="text-xs text-slate-500">{p.displayCurrency}</span>
                  </td>
                  <td className="px-4 py-3 font-mono text-xs">{p.providerPriceId ?? "—"}</td>
                  <td className="px-4 py-3">
                    <StatusPill ok={p.active}>{p.active ? "Active" : "Off"}</StatusPill>
                  </td>
                  <td className="px-4 py-3">
                    <div className="flex justify-end gap-2">
                      <Button size="sm" variant="outline" onClick={() => setAction({ kind: "toggle", row: p })}>
                        {p.active ? "Turn off" : "Turn on"}
                      </Button>
                      <Button size="sm" variant="outline" onClick={() => setAction({ kind: "delete", row: p })}>
                        Delete
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
      <ReasonDialog
        open={!!action}
        onOpenChange={(o) => !o && setAction(null)}
        title={title}
        confirmLabel={action?.kind === "delete" ? "Delete" : action?.kind === "add" ? "Save price" : "Confirm"}
        destructive={action?.kind === "delete"}
        onConfirm={async (reason) => {
          if (action?.kind === "add")
            await api("/api/admin/prices", {
              body: {
                tier: form.tier,
                interval: form.interval,
                cents: Math.round(Number(form.amount) * 100),
                currency: form.currency,
                providerPriceId: form.priceId.trim() || null,
                reason,
              },
            });
          else if (action?.kind === "toggle")
            await api(`/api/admin/prices/${action.row.id}`, {
              method: "PATCH",
              body: { active: !action.row.active, reason },
            });
          else if (action?.kind === "delete")
            await api(`/api/admin/prices/${action.row.id}`, { method: "DELETE", body: { reason } });
          else await api("/api/admin/prices/clear-cache", { body: { reason } });
          await refresh();
        }}
      >
        {action?.kind === "add" && (
          <div className="grid grid-cols-2 gap-3">
            <Field label="Tier" htmlFor="price-tier">
              <Select id="price-tier" value={form.tier} onChange={(v) => setForm({ ...form, tier: v })}>
                <option value="free">Free</option>
                <option value="premium">Premium</option>
                <option value="unlimited">Unlimited</option>
              </Select>
            </Field>
            <Field label="Interval" htmlFor="price-interval">
              <Select id="price-interval" value={form.interval} onChange={(v) => setForm({ ...form, interval: v })}>
                <option value="month">Month</option>
                <option value="year">Year</option>
              </Select>
            </Field>
            <Field label="Amount" htmlFor="price-amount">
              <input
                id="price-amount"
                className={inputClass}
                inputMode="decimal"
                value={form.amount}
                onChange={(e) => setForm({ ...form, amount: e.target.value })}
              />
            </Field>
            <Field label="Currency" htmlFor="price-currency">
              <input
                id="price-currency"
                className={inputClass}
                maxLength={3}
                value={form.currency}
                onChange={(e) => setForm({ ...form, currency: e.target.value.toUpperCase() })}
              />
            </Field>
            <div className="col-span-2">
              <Field label="Stripe price id" htmlFor="price-provider" hint="price_… (optional for Free)">
                <input
                  id="price-provider"
                  className={inputClass}
                  value={form.priceId}
                  onChange={(e) => setForm({ ...form, priceId: e.target.value })}
                />
              </Field>
            </div>
          </div>
        )}
      </ReasonDialog>
    </div>
  );
}
