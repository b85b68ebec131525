/**
 * /quiz/setup (issue 6 §6; SPEC.md §2.3): source, subjects, topics, number of questions,
 * difficulty, which questions and mode (practice or exam); starts a quiz on the server.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { clsx } from "clsx";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { EXAM_SECONDS_PER_QUESTION, QUIZ_MAX, QUIZ_MIN } from "../../../domain/study";
import { Button, buttonClass } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { api } from "../../lib/api";
import { useMe } from "../../lib/session";
import { SUBJECT_NAMES } from "./api";
import { Chip, PageHeader, StudyPage } from "./components/study-ui";

const DIFFS = ["foundational", "intermediate", "advanced"] as const;

/**
 * A titled block of the setup form. Declared at module level: a component declared inside the page
 * would be a new type on every render, remounting its inputs (the count slider lost focus and its
 * drag after each step).
 */
function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div>
      <h2 className="mb-2 text-sm font-semibold text-slate-700 dark:text-slate-300">{title}</h2>
      {children}
    </div>
  );
}

export function QuizSetupPage() {
  const navigate = useNavigate();
  const { data: me } = useMe();
  const bank = me?.features?.question_bank ?? false;
  // Until the student picks, the source follows the plan (known once /api/me has answered).
  const [picked, setSource] = useState<"questions" | "flashcards" | null>(null);
  const source = picked ?? (bank ? "questions" : "flashcards");
  // The study plan links here with its practice set or timed session (decision 080).
  const [params] = useSearchParams();
  const listParam = (k: string) => (params.get(k) ?? "").split(",").filter(Boolean);
  const [subjects, setSubjects] = useState<string[]>(() => listParam("subjects").filter((x) => x in SUBJECT_NAMES));
  const [topics, setTopics] = useState<string[]>(() => listParam("topics"));
  const [count, setCount] = useState(() => {
    const n = Number(params.get("count"));
    return Number.isInteger(n) && n >= QUIZ_MIN && n <= QUIZ_MAX ? n : 10;
  });
  const [difficulty, setDifficulty] = useState<string[]>([]);
  const [filter, setFilter] = useState<"all" | "unanswered" | "missed">("all");
  const [format, setFormat] = useState<"any" | "single" | "multi_select">("any");
  const [mode, setMode] = useState<"tutor" | "exam">(() => (params.get("mode") === "exam" ? "exam" : "tutor"));
  const [err, setErr] = useState<string | null>(null);
  const topicList = useQuery({
    queryKey: ["quiz-topics", subjects],
    queryFn: async () =>
      (
        await Promise.all(subjects.map((s) => api<{ topics: { id: string; title: string }[] }>(`/api/subjects/${s}`)))
      ).flatMap((r) => r.topics),
    enabled: subjects.length > 0,
  });
  const active = useQuery({
    queryKey: ["quiz", "active"],
    queryFn: () =>
      api<{ quiz: { id: string; total: number; answered: number; mode: string } | null }>("/api/quizzes/active"),
    staleTime: 0,
  });
  const start = useMutation({
    mutationFn: () =>
      api<{ id: string }>("/api/quizzes", {
        body: {
          source,
          subjects: subjects.length ? subjects : undefined,
          topics: topics.length ? topics : undefined,
          count,
          difficulty: difficulty.length ? difficulty : undefined,
          filter,
          format: source === "questions" && format !== "any" ? format : undefined,
          mode,
        },
      }),
    onSuccess: (r) => navigate(`/quiz?id=${r.id}`),
    onError: (e) => setErr((e as Error).message),
  });
  const toggle = (list: string[], v: string) => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v]);
  const minutes = Math.round((count * EXAM_SECONDS_PER_QUESTION) / 60);
  return (
    <StudyPage>
      <PageHeader title="New quiz" subtitle="Practice MBE-style questions or quiz yourself on flashcards." />
      {active.data?.quiz && (
        <Card className="mb-6 flex flex-wrap items-center justify-between gap-3 p-4">
          <p className="text-sm">
            Unfinished {active.data.quiz.mode} quiz: {active.data.quiz.answered} of {active.data.quiz.total} answered.
          </p>
          <Link to={`/quiz?id=${active.data.quiz.id}`} className={buttonClass("primary", "sm")}>
            Resume
          </Link>
        </Card>
      )}
      <Card className="space-y-6">
        <Section title="Source">
          <div className="grid gap-3 sm:grid-cols-2">
            {(
              [
                ["questions", "Question bank", "Multiple-choice questions with explanations for every choice."],
                ["flashcards", "Flashcards", "Your cards as four-choice questions."],
              ] as const
            ).map(([v, l, d]) => (
              <button
                key={v}
                type="button"
                aria-pressed={source === v}
                onClick={() => setSource(v)}
                disabled={v === "questions" && !bank}
                className={clsx(
                  "rounded-xl border p-4 text-left transition",
                  source === v
                    ? "border-brand-600 ring-2 ring-brand-500/30"
                    : "border-slate-200 hover:border-brand-400 dark:border-slate-700",
                  v === "questions" && !bank && "cursor-not-allowed opacity-60",
                )}
              >
                <p className="font-semibold">
                  {l}
                  {v === "questions" && !bank && " · Unlimited"}
                </p>
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{d}</p>
              </button>
            ))}
          </div>
        </Section>
        <Section title="Subjects">
          <div className="flex flex-wrap gap-2">
            {Object.entries(SUBJECT_NAMES).map(([id, name]) => (
              <Chip
                key={id}
                active={subjects.includes(id)}
                onClick={() => {
                  setSubjects(toggle(subjects, id));
                  setTopics([]);
                }}
              >
                {name}
              </Chip>
            ))}
          </div>
          <p className="mt-1 text-xs text-slate-500">None selected means all subjects.</p>
        </Section>
        {subjects.length > 0 && (
          <Section title="Topics">
            <div className="flex max-h-48 flex-wrap gap-2 overflow-y-auto">
              {topicList.data?.map((t) => (
                <Chip key={t.id} active={topics.includes(t.id)} onClick={() => setTopics(toggle(topics, t.id))}>
                  {t.title}
                </Chip>
              ))}
            </div>
          </Section>
        )}
        <div className="grid gap-6 sm:grid-cols-2">
          <Section title={`Number of questions: ${count}`}>
            <input
              aria-label="Number of questions"
              type="range"
              min={QUIZ_MIN}
              max={QUIZ_MAX}
              step={5}
              value={count}
              onChange={(e) => setCount(Number(e.target.value))}
              className="w-full accent-brand-600"
            />
          </Section>
          <Section title="Difficulty">
            <div className="flex flex-wrap gap-2">
              {DIFFS.map((d) => (
                <Chip key={d} active={difficulty.includes(d)} onClick={() => setDifficulty(toggle(difficulty, d))}>
                  {d}
                </Chip>
              ))}
            </div>
          </Section>
          {source === "questions" && (
            <Section title="Format">
              <div className="flex flex-wrap gap-2">
                {(
                  [
                    ["any", "Any format"],
                    ["single", "Single answer (MBE)"],
                    ["multi_select", "Multi-select (NextGen)"],
                  ] as const
                ).map(([v, l]) => (
                  <Chip key={v} active={format === v} onClick={() => setFormat(v)}>
                    {l}
                  </Chip>
                ))}
              </div>
            </Section>
          )}
          <Section title="Questions">
            <div className="flex flex-wrap gap-2">
              {(
                [
                  ["all", "All"],
                  ["unanswered", "Only unanswered"],
                  ["missed", "Only missed"],
                ] as const
              ).map(([v, l]) => (
                <Chip key={v} active={filter === v} onClick={() => setFilter(v)}>
                  {l}
                </Chip>
              ))}
            </div>
          </Section>
          <Section title="Mode">
            <div className="flex flex-wrap gap-2">
              <Chip active={mode === "tutor"} onClick={() => setMode("tutor")}>
                Tutor
              </Chip>
              <Chip active={mode === "exam"} onClick={() => setMode("exam")}>
                Exam (timed)
              </Chip>
            </div>
            <p className="mt-1 text-xs text-slate-500">
              {mode === "tutor"
                ? "See the explanation after each answer."
                : `${minutes} minutes: 1.8 minutes a question, like the MBE. Explanations at the end.`}
            </p>
          </Section>
        </div>
        {err && (
          <p role="alert" className="text-sm text-red-600">
            {err}
          </p>
        )}
        <div className="flex justify-end">
          <Button size="lg" onClick={() => start.mutate()} disabled={start.isPending} data-testid="start-quiz">
            Start quiz
          </Button>
        </div>
      </Card>
    </StudyPage>
  );
}
