/**
 * /admin/flashcards (issue 17 §2, SPEC.md §2.5; decision 067): counts of official and students'
 * study content, and the official flashcards and practice questions in one server-side table each
 * (search, filters, sort, CSV). An official item can be edited, retired (hidden from students) or
 * reverted to its content file, each with a reason kept in the audit log; an edit is an override
 * the boot seed re-applies, and `content:check --db` lists it.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { ColumnDef } from "@tanstack/react-table";
import { clsx } from "clsx";
import { useState } from "react";
import { useSearchParams } from "react-router";
import type { AdminCardRow, AdminQuestionRow, FlashcardsOverview } from "../../../../contract/admin-content";
import { Button } from "../../../components/ui/button";
import { api } from "../../../lib/api";
import { useSubjects } from "../../case-law/case-law-ui";
import { DataTable, type FilterDef, utc } from "../data-table";
import { PageHeader, Stat, StatusPill } from "../ops/ops-ui";
import { ContentActionDialog, type ContentAction } from "./content-dialogs";

const DIFFICULTY: FilterDef = {
  key: "difficulty",
  label: "Difficulty",
  options: ["foundational", "intermediate", "advanced"].map((d) => ({
    value: d,
    label: d[0].toUpperCase() + d.slice(1),
  })),
};
const STATUS: FilterDef = {
  key: "status",
  label: "Status",
  options: [
    { value: "live", label: "Shown to students" },
    { value: "retired", label: "Retired" },
    { value: "edited", label: "Edited by an admin" },
  ],
};

function ItemStatus({ retired, edited }: { retired: boolean; edited: boolean }) {
  return (
    <div className="flex flex-col items-start gap-1">
      <StatusPill ok={!retired}>{retired ? "Retired" : "Live"}</StatusPill>
      {edited && (
        <span className="rounded-full bg-sky-50 px-2 py-0.5 text-xs font-medium text-sky-800 dark:bg-sky-950 dark:text-sky-300">
          Edited
        </span>
      )}
    </div>
  );
}

function RowActions({
  row,
  onAction,
}: {
  row: { retired: boolean; override: unknown };
  onAction: (verb: ContentAction["verb"]) => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" variant="outline" onClick={() => onAction("edit")}>
        Edit
      </Button>
      {!row.retired && (
        <Button size="sm" variant="outline" onClick={() => onAction("retire")}>
          Retire
        </Button>
      )}
      {!!row.override && (
        <Button size="sm" variant="outline" onClick={() => onAction("revert")}>
          Revert
        </Button>
      )}
    </div>
  );
}

function Counters() {
  const { data } = useQuery({
    queryKey: ["admin-flashcards-overview"],
    queryFn: () => api<FlashcardsOverview>("/api/admin/flashcards/overview"),
  });
  const n = (v: number | undefined) => (v === undefined ? "…" : v.toLocaleString("en-US"));
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="flashcard-counters">
      <Stat label="Official decks" value={n(data?.official.decks)} />
      <Stat label="Official cards" value={n(data?.official.cards)} />
      <Stat label="Practice questions" value={n(data?.official.questions)} />
      <Stat
        label="Students' cards"
        value={
          data ? (
            <>
              {n(data.user.cards)}
              <span className="ml-1 text-sm font-normal text-slate-500">
                in {n(data.user.decks)} decks by {n(data.user.authors)}
              </span>
            </>
          ) : (
            "…"
          )
        }
      />
      <Stat
        label="Edited / retired"
        value={data ? `${n(data.edited.cards + data.edited.questions)} / ${n(data.official.retired)}` : "…"}
      />
      <Stat
        label="Flagged questions"
        value={n(data?.flagged.questions)}
        tone={data?.flagged.questions ? "bad" : undefined}
      />
    </div>
  );
}

export default function FlashcardsPage() {
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tab = params.get("tab") === "questions" ? "questions" : "cards";
  const { data: subjects } = useSubjects();
  const [action, setAction] = useState<ContentAction | null>(null);
  const subjectFilter: FilterDef = {
    key: "subject",
    label: "Subject",
    options: (subjects ?? []).map((s) => ({ value: s.id, label: s.name })),
  };

  const cardColumns: ColumnDef<AdminCardRow>[] = [
    {
      id: "deck",
      header: "Deck",
      cell: ({ row }) => (
        <div className="max-w-48">
          <p className="font-medium">{row.original.deckTitle}</p>
          <p className="text-xs text-slate-500">{row.original.subjectId}</p>
        </div>
      ),
    },
    {
      id: "question",
      header: "Card",
      cell: ({ row }) => (
        <div className="max-w-xl">
          <p className="font-medium">{row.original.question}</p>
          <p className="mt-1 text-slate-600 dark:text-slate-400">{row.original.answer}</p>
        </div>
      ),
    },
    { id: "difficulty", header: "Difficulty", cell: ({ row }) => row.original.difficulty },
    {
      id: "status",
      header: "Status",
      enableSorting: false,
      cell: ({ row }) => <ItemStatus retired={row.original.retired} edited={!!row.original.override} />,
    },
    {
      id: "updatedAt",
      header: "Updated",
      cell: ({ row }) => <span className="whitespace-nowrap">{utc(row.original.updatedAt)}</span>,
    },
    {
      id: "actions",
      header: "",
      enableSorting: false,
      cell: ({ row }) => (
        <RowActions row={row.original} onAction={(verb) => setAction({ verb, kind: "flashcard", row: row.original })} />
      ),
    },
  ];
  const questionColumns: ColumnDef<AdminQuestionRow>[] = [
    {
      id: "set",
      header: "Id",
      cell: ({ row }) => (
        <div className="max-w-40">
          <p className="font-mono text-xs">{row.original.id}</p>
          <p className="text-xs text-slate-500">{row.original.subjectId}</p>
        </div>
      ),
    },
    {
      id: "stem",
      header: "Question",
      enableSorting: false,
      cell: ({ row }) => (
        <div className="max-w-xl">
          <p className="line-clamp-3">{row.original.stem}</p>
          <p className="mt-1 font-medium">{row.original.call}</p>
          <p className="mt-1 text-xs text-slate-500">
            Answer {row.original.answer}: {row.original.choices[row.original.answer]}
          </p>
        </div>
      ),
    },
    { id: "difficulty", header: "Difficulty", cell: ({ row }) => row.original.difficulty },
    {
      id: "flags",
      header: "Flags",
      cell: ({ row }) => (
        <span className={clsx(row.original.flags > 0 && "font-semibold text-red-600 dark:text-red-400")}>
          {row.original.flags}
        </span>
      ),
    },
    {
      id: "status",
      header: "Status",
      enableSorting: false,
      cell: ({ row }) => <ItemStatus retired={row.original.retired} edited={!!row.original.override} />,
    },
    {
      id: "actions",
      header: "",
      enableSorting: false,
      cell: ({ row }) => (
        <RowActions row={row.original} onAction={(verb) => setAction({ verb, kind: "question", row: row.original })} />
      ),
    },
  ];

  const tabClass = (on: boolean) =>
    clsx(
      "rounded-md px-3 py-1.5 text-sm font-medium",
      on
        ? "bg-white text-slate-900 shadow-sm dark:bg-slate-800 dark:text-white"
        : "text-slate-600 hover:text-slate-900 dark:text-slate-400",
    );
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader title="Flashcards">
        Official decks, cards and practice questions, and how much students study. An edit or retirement of official
        content is kept as an override of its content file (the next content update does not undo it) until you revert
        it; <code>content:check --db</code> lists the overrides. Students' own cards are counted, not shown.
      </PageHeader>
      <Counters />
      <div role="tablist" aria-label="Content" className="inline-flex rounded-lg bg-slate-100 p-1 dark:bg-slate-900">
        <button
          type="button"
          role="tab"
          aria-selected={tab === "cards"}
          className={tabClass(tab === "cards")}
          onClick={() => setParams(new URLSearchParams())}
        >
          Cards
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === "questions"}
          className={tabClass(tab === "questions")}
          onClick={() => setParams(new URLSearchParams({ tab: "questions" }))}
        >
          Questions
        </button>
      </div>
      {tab === "cards" ? (
        <DataTable<AdminCardRow>
          key="cards"
          testId="cards-table"
          endpoint="/api/admin/flashcards"
          columns={cardColumns}
          sortable={["deck", "question", "difficulty", "updatedAt"]}
          defaultSort="deck"
          defaultDir="asc"
          searchPlaceholder="Search question, answer or deck"
          filters={[subjectFilter, DIFFICULTY, STATUS]}
          passThrough={["deck"]}
          csv
          empty="No official card matches."
        />
      ) : (
        <DataTable<AdminQuestionRow>
          key="questions"
          testId="questions-table"
          endpoint="/api/admin/questions"
          columns={questionColumns}
          sortable={["set", "flags", "difficulty"]}
          defaultSort="set"
          defaultDir="asc"
          searchPlaceholder="Search fact pattern, call or id"
          filters={[
            subjectFilter,
            DIFFICULTY,
            STATUS,
            { key: "flagged", label: "Flagged", options: [{ value: "true", label: "Flagged by students" }] },
          ]}
          csv
          empty="No practice question matches."
        />
      )}
      {action && (
        <ContentActionDialog
          action={action}
          onClose={() => setAction(null)}
          onDone={async () => {
            await qc.invalidateQueries({ queryKey: ["admin-list"] });
            await qc.invalidateQueries({ queryKey: ["admin-flashcards-overview"] });
          }}
        />
      )}
    </div>
  );
}
