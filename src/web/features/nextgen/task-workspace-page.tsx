/**
 * The performance-task workspace (issue 18 §2, decision 079): the task memo, client file and
 * library in a reading pane; a writing pane that autosaves (saved / saving indicator; a failed save
 * retries and the unsent text is kept in localStorage, so a reload or a dropped network loses
 * nothing); a countdown to the server's deadline; a submit confirmation; then the rubric and model
 * answer with self-grading (and the companion's grade when a model is configured).
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import { Timer } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Link, useParams } from "react-router";
import { Button } from "../../components/ui/button";
import { Card, Spinner } from "../../components/ui/card";
import { Dialog } from "../../components/ui/dialog";
import { ApiError } from "../../lib/api";
import { read, write } from "../../lib/storage";
import { toast } from "../../lib/toast";
import { subjectName } from "../study/api";
import { LoadError, StudyPage, textareaClass } from "../study/components/study-ui";
import {
  companionGradeTask,
  gradeTask,
  KIND_NAMES,
  saveDraft,
  startTask,
  submitTask,
  type TaskAttempt,
  type TaskView,
  taskQuery,
} from "./api";
import { DocumentPane, Md, RubricGrader } from "./components";

/** localStorage key of an attempt's unsent text: `{ text, version }` (version = the one it was based on). */
export const unsentKey = (attemptId: string) => `lexmate-pt-unsent:${attemptId}`;
const AUTOSAVE_MS = 1500;
const RETRY_MS = 5000;

const errorText = (e: unknown) => (e instanceof Error ? e.message : "Something went wrong. Please try again.");

export function TaskWorkspacePage() {
  const { id = "" } = useParams();
  const qc = useQueryClient();
  const q = useQuery({ ...taskQuery(id), refetchOnWindowFocus: false });
  const setAttempt = useCallback(
    (a: TaskAttempt) =>
      qc.setQueryData<TaskView>(taskQuery(id).queryKey, (old) => (old ? { ...old, attempt: a } : old)),
    [qc, id],
  );
  if (q.isPending) return <Spinner className="m-10 text-brand-700" />;
  if (q.error)
    return (
      <StudyPage wide>
        <LoadError what="this performance task" error={q.error} onRetry={() => q.refetch()} />
      </StudyPage>
    );
  const v = q.data;
  const t = v.task;
  const docs = [
    { id: "__memo", kind: "memo", title: "Task memo", body: t.memo },
    ...t.file.map((d) => ({ ...d, group: "File ·" })),
    ...t.library.map((d) => ({ ...d, group: "Library ·" })),
  ];
  const a = v.attempt;
  return (
    <StudyPage wide>
      <div className="mb-4">
        <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <Link to="/flashcards/performance-tasks" className="hover:text-brand-700">
            Performance tasks
          </Link>{" "}
          · {KIND_NAMES[t.kind] ?? t.kind} · {t.subjectIds.map(subjectName).join(", ")}
        </p>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-slate-50">{t.title}</h1>
      </div>
      {!a ? (
        <StartCard
          minutes={t.minutes}
          memo={t.memo}
          onStart={async () => {
            setAttempt(await startTask(id));
          }}
        />
      ) : a.status === "in-progress" ? (
        <Writing key={a.id} attempt={a} docs={docs} onAttempt={setAttempt} />
      ) : (
        <Results
          attempt={a}
          docs={docs}
          companion={v.companionGrading}
          onAttempt={setAttempt}
          onRestart={async () => {
            setAttempt(await startTask(id));
          }}
        />
      )}
    </StudyPage>
  );
}

function StartCard({ minutes, memo, onStart }: { minutes: number; memo: string; onStart: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  return (
    <Card className="max-w-3xl p-6">
      <Md>{memo}</Md>
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
        You have {minutes} minutes from the moment you start. The clock runs on the server: closing the page does not
        stop it. Your answer is saved as you type and submitted automatically when time is up.
      </p>
      <Button
        className="mt-4"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await onStart();
          } catch (e) {
            toast.add({ title: "Could not start the task", description: errorText(e), variant: "destructive" });
          } finally {
            setBusy(false);
          }
        }}
      >
        <Timer className="h-4 w-4" aria-hidden /> Start the task ({minutes} minutes)
      </Button>
    </Card>
  );
}

/** Minutes and seconds left, e.g. "89:05" (minutes are not wrapped into hours). */
const clock = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};

type SaveState = "saved" | "saving" | "unsaved" | "offline";

function Writing({
  attempt,
  docs,
  onAttempt,
}: {
  attempt: TaskAttempt;
  docs: Parameters<typeof DocumentPane>[0]["docs"];
  onAttempt: (a: TaskAttempt) => void;
}) {
  const key = unsentKey(attempt.id);
  // Unsent text from an earlier visit wins over the server's copy when it was based on the same version.
  const initial = (() => {
    try {
      const local = JSON.parse(read(key) ?? "null") as { text: string; version: number } | null;
      if (local && local.version >= attempt.version && local.text !== attempt.draft) return local.text;
    } catch {
      // unreadable: ignore
    }
    return attempt.draft;
  })();
  const [text, setText] = useState(initial);
  const [state, setState] = useState<SaveState>(initial === attempt.draft ? "saved" : "unsaved");
  const [notice, setNotice] = useState<string | null>(null);
  const [confirm, setConfirm] = useState(false);
  const version = useRef(attempt.version);
  const saved = useRef(attempt.draft);
  const latest = useRef(initial);
  const inFlight = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const submitting = useRef(false);
  // The deadline on this device's clock: the server's remaining time from when the page got it.
  const [deadline] = useState(() => Date.now() + attempt.remainingMs);
  const [left, setLeft] = useState(attempt.remainingMs);
  const textId = useId();

  const finish = useCallback(
    async (auto: boolean) => {
      if (submitting.current) return;
      submitting.current = true;
      try {
        const a = await submitTask(attempt.id, latest.current, version.current);
        write(key, null);
        onAttempt(a);
        if (auto) toast.add({ title: "Time is up: your answer was submitted." });
      } catch (e) {
        submitting.current = false;
        if (e instanceof ApiError && e.code === "CONFLICT" && (e.details as { attempt?: TaskAttempt })?.attempt) {
          const a = (e.details as { attempt: TaskAttempt }).attempt;
          if (a.status === "submitted") {
            onAttempt(a);
            toast.add({ title: e.message, variant: "warning" });
            return;
          }
          version.current = a.version;
          saved.current = a.draft;
          setText(a.draft);
          latest.current = a.draft;
          setNotice(e.message);
          return;
        }
        toast.add({ title: "Could not submit", description: errorText(e), variant: "destructive" });
      }
    },
    [attempt.id, key, onAttempt],
  );

  const save = useCallback(async () => {
    if (inFlight.current || submitting.current) return;
    const draft = latest.current;
    if (draft === saved.current) {
      setState("saved");
      return;
    }
    inFlight.current = true;
    setState("saving");
    try {
      const a = await saveDraft(attempt.id, draft, version.current);
      version.current = a.version;
      saved.current = draft;
      if (latest.current === draft) {
        write(key, null);
        setState("saved");
      } else setState("unsaved");
    } catch (e) {
      if (e instanceof ApiError && e.code === "CONFLICT") {
        const d = e.details as { reason?: string; attempt?: TaskAttempt } | undefined;
        if (d?.attempt && d.attempt.status === "submitted") {
          // Past the deadline: the server kept the answer as last saved; this text stays on this device.
          toast.add({ title: e.message, variant: "warning" });
          onAttempt(d.attempt);
          return;
        }
        if (d?.attempt) {
          version.current = d.attempt.version;
          saved.current = d.attempt.draft;
          latest.current = d.attempt.draft;
          setText(d.attempt.draft);
          write(key, null);
          setNotice(e.message);
          setState("saved");
          return;
        }
      }
      setState(e instanceof ApiError && (e.code === "NETWORK" || e.code === "TIMEOUT") ? "offline" : "unsaved");
      if (e instanceof ApiError && e.code === "PAYLOAD_TOO_LARGE") setNotice(e.message);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void save(), RETRY_MS);
    } finally {
      inFlight.current = false;
    }
    if (latest.current !== saved.current && !timer.current) timer.current = setTimeout(() => void save(), AUTOSAVE_MS);
  }, [attempt.id, key, onAttempt]);

  const onChange = (value: string) => {
    setText(value);
    latest.current = value;
    write(key, JSON.stringify({ text: value, version: version.current }));
    setState("unsaved");
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      void save();
    }, AUTOSAVE_MS);
  };

  // Unsent text restored from this device goes to the server at once.
  useEffect(() => {
    if (latest.current !== saved.current) void save();
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [save]);

  useEffect(() => {
    const tick = setInterval(() => {
      const ms = deadline - Date.now();
      setLeft(ms);
      if (ms <= 0) {
        clearInterval(tick);
        void finish(true);
      }
    }, 1000);
    return () => clearInterval(tick);
  }, [deadline, finish]);

  const words = text.trim() ? text.trim().split(/\s+/).length : 0;
  return (
    <div className="lg:grid lg:grid-cols-2 lg:gap-6">
      <DocumentPane
        docs={docs}
        label="Task materials"
        className="mb-4 h-[60vh] lg:sticky lg:top-4 lg:mb-0 lg:h-[calc(100vh-7rem)]"
      />
      <section aria-label="Writing pane" className="flex flex-col">
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
          <p
            role="timer"
            aria-label="Time left"
            data-testid="pt-timer"
            className={clsx(
              "flex items-center gap-1.5 rounded-lg px-2.5 py-1 font-mono text-sm font-semibold tabular-nums",
              left < 5 * 60_000
                ? "bg-red-50 text-red-700 dark:bg-red-500/10"
                : "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100",
            )}
          >
            <Timer className="h-4 w-4" aria-hidden /> {clock(left)}
          </p>
          <p aria-live="polite" data-testid="save-state" className="text-xs text-slate-500">
            {state === "saved"
              ? "All changes saved"
              : state === "saving"
                ? "Saving…"
                : state === "offline"
                  ? "Offline: kept on this device, retrying…"
                  : "Unsaved changes"}
          </p>
        </div>
        {notice && (
          <p className="mb-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-200">
            {notice}
          </p>
        )}
        <label htmlFor={textId} className="sr-only">
          Your answer
        </label>
        <textarea
          id={textId}
          className={clsx(
            textareaClass,
            "min-h-[50vh] flex-1 font-serif text-base leading-7 lg:min-h-[calc(100vh-14rem)]",
          )}
          value={text}
          onChange={(e) => onChange(e.target.value)}
          onBlur={() => void save()}
          placeholder="Write your answer here. It is saved as you type."
          spellCheck
        />
        <div className="mt-2 flex items-center justify-between gap-2">
          <span className="text-xs text-slate-500">{words.toLocaleString("en-US")} words</span>
          <Button onClick={() => setConfirm(true)}>Submit</Button>
        </div>
      </section>
      <Dialog
        open={confirm}
        onOpenChange={setConfirm}
        title="Submit your answer?"
        description="You cannot change it afterwards. The rubric and the model answer are shown next."
        closeButton={false}
      >
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="outline" onClick={() => setConfirm(false)}>
            Keep writing
          </Button>
          <Button
            onClick={() => {
              setConfirm(false);
              void finish(false);
            }}
          >
            Submit now
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

function Results({
  attempt,
  docs,
  companion,
  onAttempt,
  onRestart,
}: {
  attempt: TaskAttempt;
  docs: Parameters<typeof DocumentPane>[0]["docs"];
  companion: boolean;
  onAttempt: (a: TaskAttempt) => void;
  onRestart: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const run = async (f: () => Promise<TaskAttempt>, what: string) => {
    setBusy(true);
    try {
      onAttempt(await f());
    } catch (e) {
      toast.add({ title: `Could not ${what}`, description: errorText(e), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-4">
      <Card className="p-5">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {attempt.autoSubmitted
            ? "Submitted automatically when time ran out, with your answer as last saved."
            : `Submitted ${new Date(attempt.submittedAt ?? attempt.updatedAt).toLocaleString()}.`}
        </p>
        <div className="mt-4 grid gap-4 lg:grid-cols-2">
          <div>
            <h2 className="mb-2 font-semibold text-slate-900 dark:text-white">Your answer</h2>
            <div className="max-h-[60vh] overflow-y-auto rounded-lg border border-slate-200 p-4 font-serif text-sm leading-7 whitespace-pre-wrap dark:border-slate-800">
              {attempt.draft || <em className="text-slate-500">(empty)</em>}
            </div>
          </div>
          <div data-testid="model-answer">
            <h2 className="mb-2 font-semibold text-slate-900 dark:text-white">Model answer</h2>
            <div className="max-h-[60vh] overflow-y-auto rounded-lg bg-slate-50 p-4 dark:bg-slate-800/50">
              <Md>{attempt.modelAnswer ?? ""}</Md>
            </div>
          </div>
        </div>
      </Card>
      <Card className="p-5">
        <h2 className="mb-3 font-semibold text-slate-900 dark:text-white">Rubric</h2>
        <RubricGrader
          rubric={attempt.rubric ?? []}
          checked={attempt.checked}
          earned={attempt.earned}
          possible={attempt.possible}
          aiGrade={attempt.aiGrade}
          busy={busy}
          onSave={(checked) => run(() => gradeTask(attempt.id, checked), "save your grade")}
          onCompanion={
            companion ? () => run(() => companionGradeTask(attempt.id), "grade with the companion") : undefined
          }
        />
      </Card>
      <details className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        <summary className="cursor-pointer text-sm font-semibold">Task materials</summary>
        <DocumentPane docs={docs} label="Task materials" className="mt-3 h-[60vh]" />
      </details>
      <Button variant="outline" onClick={() => void onRestart()}>
        Try the task again
      </Button>
    </div>
  );
}
