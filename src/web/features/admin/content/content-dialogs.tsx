/**
 * The dialogs of /admin/flashcards (decision 067): edit an official flashcard or practice question,
 * retire it, or revert it to its content file. Each goes through the ReasonDialog, so the reason
 * is required and lands in the audit log with the fields before and after.
 */
import { useState } from "react";
import type { AdminCardRow, AdminQuestionRow } from "../../../../contract/admin-content";
import { Field, inputClass } from "../../../components/ui/input";
import { Select } from "../../../components/ui/select";
import { api } from "../../../lib/api";
import { textareaClass } from "../ops/ops-ui";
import { ReasonDialog } from "../reason-dialog";

export type ContentAction =
  | { verb: "edit" | "retire" | "revert"; kind: "flashcard"; row: AdminCardRow }
  | { verb: "edit" | "retire" | "revert"; kind: "question"; row: AdminQuestionRow };

const KEYS = ["A", "B", "C", "D", "E", "F"] as const;
const DIFFICULTIES = ["foundational", "intermediate", "advanced"] as const;
const endpoint = (a: ContentAction) =>
  `/api/admin/${a.kind === "flashcard" ? "flashcards" : "questions"}/${encodeURIComponent(a.row.id)}`;
const tagsOf = (s: string) =>
  s
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);

function DifficultySelect({ id, value, onChange }: { id: string; value: string; onChange: (v: string) => void }) {
  return (
    <Select id={id} value={value} onChange={onChange}>
      {DIFFICULTIES.map((d) => (
        <option key={d} value={d}>
          {d}
        </option>
      ))}
    </Select>
  );
}

function CardFields({ row, onChange }: { row: AdminCardRow; onChange: (body: Record<string, unknown>) => void }) {
  const [f, setF] = useState({
    question: row.question,
    answer: row.answer,
    difficulty: row.difficulty,
    tags: row.tags.join(", "),
  });
  const set = (patch: Partial<typeof f>) => {
    const next = { ...f, ...patch };
    setF(next);
    onChange({ question: next.question, answer: next.answer, difficulty: next.difficulty, tags: tagsOf(next.tags) });
  };
  return (
    <>
      <Field label="Question" htmlFor="card-question">
        <textarea
          id="card-question"
          className={textareaClass}
          rows={3}
          value={f.question}
          onChange={(e) => set({ question: e.target.value })}
        />
      </Field>
      <Field label="Answer" htmlFor="card-answer">
        <textarea
          id="card-answer"
          className={textareaClass}
          rows={4}
          value={f.answer}
          onChange={(e) => set({ answer: e.target.value })}
        />
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Difficulty" htmlFor="card-difficulty">
          <DifficultySelect id="card-difficulty" value={f.difficulty} onChange={(v) => set({ difficulty: v })} />
        </Field>
        <Field label="Tags" htmlFor="card-tags" hint="Comma-separated.">
          <input id="card-tags" className={inputClass} value={f.tags} onChange={(e) => set({ tags: e.target.value })} />
        </Field>
      </div>
    </>
  );
}

function QuestionFields({
  row,
  onChange,
}: {
  row: AdminQuestionRow;
  onChange: (body: Record<string, unknown>) => void;
}) {
  const [f, setF] = useState({
    stem: row.stem,
    call: row.call,
    choices: { ...row.choices } as Record<string, string>,
    answers: row.answers ?? [row.answer],
    explanations: { ...row.explanations } as Record<string, string>,
    difficulty: row.difficulty,
  });
  const keys = KEYS.filter((k) => k in row.choices);
  const multi = row.format === "multi_select";
  const set = (patch: Partial<typeof f>) => {
    const next = { ...f, ...patch };
    setF(next);
    // A multi-select item's key is a list of letters; a single-answer item's is one letter.
    const { answers, ...rest } = next;
    onChange({ ...rest, answer: multi ? [...answers].sort() : answers[0] });
  };
  return (
    <>
      <Field label="Fact pattern" htmlFor="q-stem">
        <textarea
          id="q-stem"
          className={textareaClass}
          rows={5}
          value={f.stem}
          onChange={(e) => set({ stem: e.target.value })}
        />
      </Field>
      <Field label="Call of the question" htmlFor="q-call">
        <input id="q-call" className={inputClass} value={f.call} onChange={(e) => set({ call: e.target.value })} />
      </Field>
      {keys.map((k) => (
        <div key={k} className="grid gap-2 sm:grid-cols-2">
          <Field label={`Choice ${k}`} htmlFor={`q-choice-${k}`}>
            <textarea
              id={`q-choice-${k}`}
              className={textareaClass}
              rows={2}
              value={f.choices[k] ?? ""}
              onChange={(e) => set({ choices: { ...f.choices, [k]: e.target.value } })}
            />
          </Field>
          <Field label={`Why ${k}`} htmlFor={`q-why-${k}`}>
            <textarea
              id={`q-why-${k}`}
              className={textareaClass}
              rows={2}
              value={f.explanations[k] ?? ""}
              onChange={(e) => set({ explanations: { ...f.explanations, [k]: e.target.value } })}
            />
          </Field>
        </div>
      ))}
      <div className="grid gap-3 sm:grid-cols-2">
        {multi ? (
          <fieldset>
            <legend className="text-sm font-medium">Correct answers (select {f.answers.length})</legend>
            <div className="mt-1 flex flex-wrap gap-3">
              {keys.map((k) => (
                <label key={k} className="flex items-center gap-1 text-sm">
                  <input
                    type="checkbox"
                    checked={f.answers.includes(k)}
                    onChange={(e) =>
                      set({ answers: e.target.checked ? [...f.answers, k] : f.answers.filter((a) => a !== k) })
                    }
                  />
                  {k}
                </label>
              ))}
            </div>
          </fieldset>
        ) : (
          <Field label="Correct answer" htmlFor="q-answer">
            <Select id="q-answer" value={f.answers[0]} onChange={(v) => set({ answers: [v] })}>
              {keys.map((k) => (
                <option key={k} value={k}>
                  {k}
                </option>
              ))}
            </Select>
          </Field>
        )}
        <Field label="Difficulty" htmlFor="q-difficulty">
          <DifficultySelect id="q-difficulty" value={f.difficulty} onChange={(v) => set({ difficulty: v })} />
        </Field>
      </div>
    </>
  );
}

/** Edit, retire or revert one official item; `onDone` refreshes the lists after a success. */
export function ContentActionDialog({
  action,
  onClose,
  onDone,
}: {
  action: ContentAction;
  onClose: () => void;
  onDone: () => Promise<void>;
}) {
  const [body, setBody] = useState<Record<string, unknown> | null>(null);
  const label = action.kind === "flashcard" ? "flashcard" : "practice question";
  const name = action.kind === "flashcard" ? action.row.question : action.row.id;
  const common = { open: true, onOpenChange: (o: boolean) => !o && onClose() };
  if (action.verb === "retire")
    return (
      <ReasonDialog
        {...common}
        title={`Retire ${label}`}
        description={`"${name}" is hidden from students (their review history is kept). Revert brings it back.`}
        confirmLabel="Retire"
        destructive
        onConfirm={async (reason) => {
          await api(endpoint(action), { method: "DELETE", body: { reason } });
          await onDone();
        }}
      />
    );
  if (action.verb === "revert")
    return (
      <ReasonDialog
        {...common}
        title={`Revert ${label}`}
        description={`"${name}" goes back to the version in its content file; your edit is dropped.`}
        confirmLabel="Revert to the file"
        onConfirm={async (reason) => {
          await api(`${endpoint(action)}/revert`, { body: { reason } });
          await onDone();
        }}
      />
    );
  return (
    <ReasonDialog
      {...common}
      size={action.kind === "question" ? "2xl" : "lg"}
      title={`Edit ${label}`}
      description="Saved as an override of the content file until reverted."
      confirmLabel="Save"
      onConfirm={async (reason) => {
        if (!body) throw new Error("Nothing changed.");
        await api(endpoint(action), { method: "PATCH", body: { ...body, reason } });
        await onDone();
      }}
    >
      {action.kind === "flashcard" ? (
        <CardFields row={action.row} onChange={setBody} />
      ) : (
        <QuestionFields row={action.row} onChange={setBody} />
      )}
    </ReasonDialog>
  );
}
