/**
 * The integrated-set player (issue 18 §2): the scenario and document pane beside the questions on
 * wide screens (stacked with a Documents / Questions toggle on phones), choice items (radio, or
 * checkboxes for a select-two item), written items, then the keyed answer and explanations or the
 * model answer and rubric to self-grade, and the set's score at the end.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import { CheckCircle2, RotateCcw, XCircle } from "lucide-react";
import { useId, useState } from "react";
import { Link, useParams } from "react-router";
import { Button } from "../../components/ui/button";
import { Card, Spinner } from "../../components/ui/card";
import { ApiError } from "../../lib/api";
import { toast } from "../../lib/toast";
import { subjectName } from "../study/api";
import { LoadError, StudyPage, textareaClass } from "../study/components/study-ui";
import {
  answerItem,
  companionGradeItem,
  gradeItem,
  type ItemReply,
  restartSet,
  type SetItemView,
  type SetView,
  setQuery,
} from "./api";
import { DocumentPane, Md, RubricGrader } from "./components";

const errorText = (e: unknown) => (e instanceof Error ? e.message : "Something went wrong. Please try again.");

export function SetPlayerPage() {
  const { id = "" } = useParams();
  const qc = useQueryClient();
  const q = useQuery(setQuery(id));
  const [pane, setPane] = useState<"questions" | "documents">("questions");
  if (q.isPending) return <Spinner className="m-10 text-brand-700" />;
  if (q.error)
    return (
      <StudyPage wide>
        <LoadError what="this set" error={q.error} onRetry={() => q.refetch()} />
      </StudyPage>
    );
  const v = q.data;
  const onReply = (r: ItemReply) =>
    qc.setQueryData<SetView>(setQuery(id).queryKey, (old) =>
      old ? { ...old, items: old.items.map((i) => (i.id === r.item.id ? r.item : i)), score: r.score } : old,
    );
  const restart = async () => {
    try {
      qc.setQueryData(setQuery(id).queryKey, await restartSet(id));
    } catch (e) {
      toast.add({ title: "Could not start over", description: errorText(e), variant: "destructive" });
    }
  };
  const s = v.score;
  return (
    <StudyPage wide>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
            <Link to="/flashcards/integrated-sets" className="hover:text-brand-700">
              Integrated sets
            </Link>{" "}
            · {subjectName(v.set.subjectId)}
          </p>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-slate-50">{v.set.title}</h1>
        </div>
        {v.attempt && (
          <Button variant="outline" size="sm" onClick={restart}>
            <RotateCcw className="h-4 w-4" aria-hidden /> Start over
          </Button>
        )}
      </div>
      <div className="mb-3 grid grid-cols-2 gap-1 rounded-xl border border-slate-200 bg-white p-1 lg:hidden dark:border-slate-800 dark:bg-slate-900">
        {(["questions", "documents"] as const).map((p) => (
          <button
            key={p}
            type="button"
            aria-pressed={pane === p}
            onClick={() => setPane(p)}
            className={clsx(
              "rounded-lg px-3 py-1.5 text-sm font-medium capitalize",
              pane === p ? "bg-brand-50 text-brand-700 dark:bg-brand-700/20 dark:text-brand-100" : "text-slate-600",
            )}
          >
            {p === "documents" ? `Documents (${v.set.documents.length})` : "Questions"}
          </button>
        ))}
      </div>
      <div className="lg:grid lg:grid-cols-2 lg:gap-6">
        <div className={clsx(pane === "documents" ? "block" : "hidden", "lg:block")}>
          <DocumentPane
            docs={v.set.documents}
            label="Documents"
            className="h-[75vh] lg:sticky lg:top-4 lg:h-[calc(100vh-7rem)]"
          />
        </div>
        <div className={clsx(pane === "questions" ? "block" : "hidden", "space-y-4 lg:block")}>
          <Card className="p-5">
            <h2 className="mb-2 text-sm font-semibold tracking-wide text-slate-500 uppercase">Scenario</h2>
            <Md>{v.set.scenario}</Md>
          </Card>
          {v.items.map((item, i) => (
            <ItemCard
              key={`${v.attempt?.id ?? "new"}-${item.id}`}
              setId={id}
              n={i + 1}
              item={item}
              companion={v.companionGrading}
              onReply={onReply}
            />
          ))}
          <Card className="p-5" data-testid="set-score">
            <h2 className="font-semibold text-slate-900 dark:text-white">Set score</h2>
            {s.answered === 0 ? (
              <p className="mt-1 text-sm text-slate-600">Answer the questions to see your score.</p>
            ) : (
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                {s.complete ? (
                  <strong className="text-lg">{s.percent}%</strong>
                ) : (
                  `${s.answered} of ${s.total} answered`
                )}
                {" · "}
                Choice questions {s.choiceCorrect} / {s.choiceTotal} · Written {s.rubricEarned} / {s.rubricPossible}{" "}
                rubric points
                {s.ungraded > 0 && ` · ${s.ungraded} written answer${s.ungraded === 1 ? "" : "s"} still to grade`}
              </p>
            )}
          </Card>
        </div>
      </div>
    </StudyPage>
  );
}

function ItemCard({
  setId,
  n,
  item,
  companion,
  onReply,
}: {
  setId: string;
  n: number;
  item: SetItemView;
  companion: boolean;
  onReply: (r: ItemReply) => void;
}) {
  const [busy, setBusy] = useState(false);
  const run = async (f: () => Promise<ItemReply>, what: string) => {
    setBusy(true);
    try {
      onReply(await f());
    } catch (e) {
      if (e instanceof ApiError && e.code === "CONFLICT") toast.add({ title: e.message, variant: "destructive" });
      else toast.add({ title: `Could not ${what}`, description: errorText(e), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };
  const label =
    item.type === "choice"
      ? item.selectCount && item.selectCount > 1
        ? `Select ${item.selectCount}`
        : "Choice"
      : item.type === "short-answer"
        ? "Short answer"
        : "Medium answer";
  return (
    <Card className="p-5" data-testid="set-item">
      <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
        Question {n} · {label}
      </p>
      <div className="mt-2">
        <Md>{item.prompt}</Md>
      </div>
      <div className="mt-3">
        {item.type === "choice" ? (
          <ChoiceItem
            item={item}
            busy={busy}
            onAnswer={(sel) => run(() => answerItem(setId, item.id, { selected: sel }), "save your answer")}
          />
        ) : (
          <WrittenItem
            item={item}
            busy={busy}
            companion={companion}
            onAnswer={(text) => run(() => answerItem(setId, item.id, { text }), "save your answer")}
            onGrade={(checked) => run(() => gradeItem(setId, item.id, checked), "save your grade")}
            onCompanion={() => run(() => companionGradeItem(setId, item.id), "grade with the companion")}
          />
        )}
      </div>
    </Card>
  );
}

function ChoiceItem({ item, busy, onAnswer }: { item: SetItemView; busy: boolean; onAnswer: (s: string[]) => void }) {
  const [sel, setSel] = useState<string[]>([]);
  const name = useId();
  const multi = (item.selectCount ?? 1) > 1;
  const r = item.result?.type === "choice" ? item.result : null;
  const chosen = r ? r.selected : sel;
  const toggle = (k: string) => setSel((s) => (multi ? (s.includes(k) ? s.filter((x) => x !== k) : [...s, k]) : [k]));
  return (
    <div>
      <fieldset disabled={!!r || busy}>
        <legend className="sr-only">Choices</legend>
        <ul className="space-y-2">
          {Object.entries(item.choices ?? {}).map(([k, text]) => {
            const keyed = r?.answer.includes(k);
            return (
              <li key={k}>
                <label
                  className={clsx(
                    "flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm",
                    r && keyed
                      ? "border-emerald-400 bg-emerald-50 dark:bg-emerald-500/10"
                      : r && chosen.includes(k)
                        ? "border-red-300 bg-red-50 dark:bg-red-500/10"
                        : "border-slate-200 dark:border-slate-800",
                  )}
                >
                  <input
                    type={multi ? "checkbox" : "radio"}
                    name={name}
                    value={k}
                    className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700"
                    checked={chosen.includes(k)}
                    onChange={() => toggle(k)}
                  />
                  <span>
                    <strong className="mr-1">{k}.</strong>
                    {text}
                    {r && (
                      <span className="mt-1 block text-xs text-slate-600 dark:text-slate-400">{r.explanations[k]}</span>
                    )}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      {r ? (
        <p
          className={clsx(
            "mt-3 flex items-center gap-1.5 text-sm font-semibold",
            r.correct ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400",
          )}
          data-testid="choice-result"
        >
          {r.correct ? <CheckCircle2 className="h-4 w-4" aria-hidden /> : <XCircle className="h-4 w-4" aria-hidden />}
          {r.correct ? "Correct." : `Incorrect. The answer is ${r.answer.join(" and ")}.`}
          {!r.correct && multi && ` You found ${r.matched} of ${r.answer.length}.`}
        </p>
      ) : (
        <Button
          className="mt-3"
          size="sm"
          disabled={busy || sel.length === 0 || (multi && sel.length !== item.selectCount)}
          onClick={() => onAnswer(sel)}
        >
          Check answer
        </Button>
      )}
    </div>
  );
}

function WrittenItem({
  item,
  busy,
  companion,
  onAnswer,
  onGrade,
  onCompanion,
}: {
  item: SetItemView;
  busy: boolean;
  companion: boolean;
  onAnswer: (text: string) => void;
  onGrade: (checked: number[]) => void;
  onCompanion: () => void;
}) {
  const [text, setText] = useState("");
  const id = useId();
  const r = item.result?.type === "written" ? item.result : null;
  if (!r)
    return (
      <div>
        <label htmlFor={id} className="sr-only">
          Your answer
        </label>
        <textarea
          id={id}
          rows={item.type === "short-answer" ? 5 : 10}
          className={textareaClass}
          value={text}
          maxLength={50_000}
          placeholder="Write your answer…"
          onChange={(e) => setText(e.target.value)}
        />
        <Button className="mt-2" size="sm" disabled={busy || !text.trim()} onClick={() => onAnswer(text)}>
          Submit answer
        </Button>
      </div>
    );
  return (
    <div className="space-y-4">
      <div>
        <h3 className="text-sm font-semibold text-slate-900 dark:text-white">Your answer</h3>
        <p className="mt-1 text-sm whitespace-pre-wrap text-slate-700 dark:text-slate-300">{r.text}</p>
      </div>
      <div className="rounded-lg bg-slate-50 p-4 dark:bg-slate-800/50" data-testid="model-answer">
        <h3 className="mb-1 text-sm font-semibold text-slate-900 dark:text-white">Model answer</h3>
        <Md>{r.modelAnswer}</Md>
      </div>
      <RubricGrader
        rubric={r.rubric}
        checked={r.checked}
        earned={r.earned}
        possible={r.possible}
        aiGrade={r.aiGrade}
        busy={busy}
        onSave={onGrade}
        onCompanion={companion ? onCompanion : undefined}
      />
    </div>
  );
}
