/** The question dialog of the question bank (/flashcards/questions). */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import { Check, Flag, X } from "lucide-react";
import { useState } from "react";
import { Spinner } from "../../../components/ui/card";
import { Dialog } from "../../../components/ui/dialog";
import { api } from "../../../lib/api";
import { subjectName } from "../api";
import { ChoiceList } from "./quiz-choices";

interface Detail {
  question: {
    id: string;
    stem: string;
    call: string;
    choices: Record<string, string>;
    select: number;
    flagged: boolean;
    answer?: string;
    answers?: string[];
    explanations?: Record<string, string>;
    topicTitle: string | null;
    subjectId: string;
  };
  attempts: { choice: string; selection: string[]; correct: boolean; answeredAt: string }[];
}

/** One question of the bank: answer it, see the explanations, flag it, see past attempts. */
export function QuestionDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const qc = useQueryClient();
  const { data } = useQuery({
    queryKey: ["bank", "q", id],
    queryFn: () => api<Detail>(`/api/question-bank/${id}`),
    enabled: !!id,
    staleTime: 0,
  });
  const [picked, setPicked] = useState<string | null>(null);
  const answer = useMutation({
    mutationFn: (given: string | string[]) =>
      api(`/api/question-bank/${id}/attempts`, {
        body: Array.isArray(given) ? { selection: given } : { choice: given },
      }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ["bank"] }),
  });
  const flag = useMutation({
    mutationFn: (flagged: boolean) => api(`/api/question-bank/${id}/flag`, { method: "PUT", body: { flagged } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ["bank"] }),
  });
  const q = data?.question;
  const revealed = !!picked && !!q?.answer;
  return (
    <Dialog
      open={!!id}
      onOpenChange={(o) => {
        if (!o) {
          setPicked(null);
          onClose();
        }
      }}
      title={q ? `${subjectName(q.subjectId)}${q.topicTitle ? ` · ${q.topicTitle}` : ""}` : "Question"}
      size="xl"
    >
      {!q ? (
        <Spinner className="text-brand-700" />
      ) : (
        <div>
          <p className="text-sm leading-6 whitespace-pre-wrap">{q.stem}</p>
          <p className="mt-3 text-sm font-semibold">{q.call}</p>
          {q.select > 1 ? (
            <div className="mt-4">
              <ChoiceList
                choices={q.choices}
                select={q.select}
                chosen={picked ? picked.split(",") : []}
                keyed={revealed ? q.answers : undefined}
                explanations={q.explanations}
                disabled={!!picked}
                onSubmit={(letters) => {
                  setPicked(letters.join(","));
                  answer.mutate(letters);
                }}
              />
            </div>
          ) : (
            <ol className="mt-4 space-y-2">
              {Object.entries(q.choices).map(([k, v]) => {
                const right = revealed && k === q.answer;
                const wrong = revealed && picked === k && !right;
                return (
                  <li key={k}>
                    <button
                      type="button"
                      disabled={!!picked}
                      onClick={() => {
                        setPicked(k);
                        answer.mutate(k);
                      }}
                      className={clsx(
                        "flex w-full gap-3 rounded-xl border px-4 py-2.5 text-left text-sm",
                        right
                          ? "border-emerald-400 bg-emerald-50 dark:bg-emerald-950/40"
                          : wrong
                            ? "border-rose-400 bg-rose-50 dark:bg-rose-950/40"
                            : "border-slate-200 hover:border-brand-400 dark:border-slate-700",
                      )}
                    >
                      <span className="font-semibold text-slate-500">{k}</span>
                      <span>{v}</span>
                    </button>
                    {revealed && q.explanations?.[k] && (
                      <p className="mt-1 ml-7 text-xs text-slate-600 dark:text-slate-400">{q.explanations[k]}</p>
                    )}
                  </li>
                );
              })}
            </ol>
          )}
          <div className="mt-4 flex items-center justify-between">
            <button
              type="button"
              onClick={() => flag.mutate(!q.flagged)}
              className={clsx(
                "inline-flex items-center gap-1 rounded-lg px-2 py-1 text-sm",
                q.flagged ? "bg-amber-100 text-amber-800" : "hover:bg-slate-100 dark:hover:bg-slate-800",
              )}
            >
              <Flag className="h-4 w-4" /> {q.flagged ? "Flagged" : "Flag"}
            </button>
            {picked && !q.answer && <Spinner className="text-brand-700" />}
          </div>
          {data.attempts.length > 0 && (
            <div className="mt-4 border-t border-slate-100 pt-3 dark:border-slate-800">
              <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Your attempts</p>
              <ul className="mt-2 space-y-1 text-sm">
                {data.attempts.map((a) => (
                  <li key={a.answeredAt + a.choice} className="flex items-center gap-2">
                    {a.correct ? (
                      <Check className="h-4 w-4 text-emerald-600" />
                    ) : (
                      <X className="h-4 w-4 text-rose-600" />
                    )}{" "}
                    Chose {a.selection.join(" and ")} · {new Date(a.answeredAt).toLocaleString()}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}
