/**
 * /flashcards/settings — desired retention (FSRS request_retention, default 0.9), new cards per
 * day, maximum reviews per day, and the time zone the study day is counted in.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { NEW_PER_DAY_MAX, RETENTION_RANGE, REVIEWS_PER_DAY_MAX } from "../../../domain/study";
import { Button } from "../../components/ui/button";
import { Card, Spinner } from "../../components/ui/card";
import { Field, Input } from "../../components/ui/input";
import { api } from "../../lib/api";
import { toast } from "../../lib/toast";
import { type StudySettings, settingsQuery } from "./api";
import { LoadError, PageHeader, StudyPage } from "./components/study-ui";

/** IANA zones this browser knows, offered as suggestions (any valid zone may be typed). */
const ZONES: string[] =
  (Intl as unknown as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.("timeZone") ?? [];

function Form({ initial }: { initial: StudySettings }) {
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const [s, setS] = useState({ ...initial, timeZone: initial.timeZone === "UTC" ? browserZone : initial.timeZone });
  const [err, setErr] = useState<string | null>(null);
  const qc = useQueryClient();
  const save = useMutation({
    mutationFn: () => api<{ settings: StudySettings }>("/api/study/settings", { method: "PUT", body: s }),
    onSuccess: () => {
      setErr(null);
      void qc.invalidateQueries({ queryKey: ["study"] });
      toast.add({ title: "Study settings saved", variant: "success" });
    },
    onError: (e) => setErr((e as Error).message),
  });
  const pct = Math.round(s.desiredRetention * 100);
  return (
    <form
      className="space-y-6"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <Card>
        <h2 className="font-semibold">Desired retention</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          The chance of remembering a card when it comes due. Higher means more reviews; 90% suits most students.
        </p>
        <div className="mt-4 flex items-center gap-4">
          <input
            aria-label="Desired retention"
            type="range"
            min={RETENTION_RANGE[0] * 100}
            max={RETENTION_RANGE[1] * 100}
            step={1}
            value={pct}
            onChange={(e) => setS({ ...s, desiredRetention: Number(e.target.value) / 100 })}
            className="flex-1 accent-brand-600"
          />
          <span className="w-14 text-right text-2xl font-semibold tabular-nums" data-testid="retention-value">
            {pct}%
          </span>
        </div>
      </Card>
      <Card className="grid gap-4 sm:grid-cols-2">
        <Field
          label="New cards per day"
          htmlFor="new-per-day"
          hint="Across every deck; missed questions are never new."
        >
          <Input
            id="new-per-day"
            type="number"
            min={0}
            max={NEW_PER_DAY_MAX}
            value={s.newPerDay}
            onChange={(e) => setS({ ...s, newPerDay: Number(e.target.value) })}
          />
        </Field>
        <Field
          label="Maximum reviews per day"
          htmlFor="max-reviews"
          hint="Cards and missed questions share this limit."
        >
          <Input
            id="max-reviews"
            type="number"
            min={0}
            max={REVIEWS_PER_DAY_MAX}
            value={s.maxReviewsPerDay}
            onChange={(e) => setS({ ...s, maxReviewsPerDay: Number(e.target.value) })}
          />
        </Field>
        <Field label="Time zone" htmlFor="time-zone" hint="Your study day starts at midnight here.">
          <Input
            id="time-zone"
            list="time-zones"
            value={s.timeZone}
            onChange={(e) => setS({ ...s, timeZone: e.target.value })}
            autoComplete="off"
          />
          <datalist id="time-zones">
            {ZONES.map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
        </Field>
      </Card>
      {err && (
        <p role="alert" className="text-sm text-red-600">
          {err}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          Save settings
        </Button>
      </div>
    </form>
  );
}

export default function StudySettingsPage() {
  const { data, error, refetch } = useQuery(settingsQuery);
  return (
    <StudyPage>
      <PageHeader title="Study settings" subtitle="How the FSRS scheduler plans your reviews." />
      <div className="max-w-2xl">
        {data ? (
          <Form initial={data.settings} />
        ) : error ? (
          <LoadError what="your study settings" error={error} onRetry={() => void refetch()} />
        ) : (
          <Spinner className="m-10 text-brand-700" />
        )}
      </div>
    </StudyPage>
  );
}
