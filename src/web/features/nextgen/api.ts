/** NextGen practice client (issue 18 §2, decision 079): types of the /api/nextgen answers and queries. */
import { queryOptions } from "@tanstack/react-query";
import type { SetItemView, SetSummary, SetView, TaskAttempt, TaskSummary, TaskView } from "../../../contract/nextgen";
import { api } from "../../lib/api";

export type { SetItemView, SetSummary, SetView, TaskAttempt, TaskSummary, TaskView };
export type ItemReply = { item: SetItemView; score: SetView["score"] };

export const setsQuery = (subject: string) =>
  queryOptions({
    queryKey: ["nextgen", "sets", subject],
    queryFn: () =>
      api<{ sets: SetSummary[] }>(`/api/nextgen/sets${subject ? `?subject=${encodeURIComponent(subject)}` : ""}`),
    staleTime: 0,
  });
export const setQuery = (id: string) =>
  queryOptions({
    queryKey: ["nextgen", "set", id],
    queryFn: () => api<SetView>(`/api/nextgen/sets/${encodeURIComponent(id)}`),
    staleTime: 0,
  });
export const tasksQuery = queryOptions({
  queryKey: ["nextgen", "tasks"],
  queryFn: () => api<{ tasks: TaskSummary[] }>("/api/nextgen/tasks"),
  staleTime: 0,
});
export const taskQuery = (id: string) =>
  queryOptions({
    queryKey: ["nextgen", "task", id],
    queryFn: () => api<TaskView>(`/api/nextgen/tasks/${encodeURIComponent(id)}`),
    staleTime: 0,
  });

const itemPath = (setId: string, itemId: string) =>
  `/api/nextgen/sets/${encodeURIComponent(setId)}/items/${encodeURIComponent(itemId)}`;
export const answerItem = (setId: string, itemId: string, body: { selected: string[] } | { text: string }) =>
  api<ItemReply>(itemPath(setId, itemId), { method: "PUT", body });
export const gradeItem = (setId: string, itemId: string, checked: number[]) =>
  api<ItemReply>(`${itemPath(setId, itemId)}/grade`, { method: "PUT", body: { checked } });
export const companionGradeItem = (setId: string, itemId: string) =>
  api<ItemReply>(`${itemPath(setId, itemId)}/companion-grade`, { method: "POST", timeoutMs: 60_000 });
export const restartSet = (setId: string) =>
  api<SetView>(`/api/nextgen/sets/${encodeURIComponent(setId)}/attempts`, { method: "POST" });

const attemptPath = (id: string) => `/api/nextgen/task-attempts/${encodeURIComponent(id)}`;
export const startTask = (taskId: string) =>
  api<TaskAttempt>(`/api/nextgen/tasks/${encodeURIComponent(taskId)}/attempts`, { method: "POST" });
export const saveDraft = (attemptId: string, draft: string, version: number) =>
  api<TaskAttempt>(`${attemptPath(attemptId)}/draft`, { method: "PUT", body: { draft, version } });
export const submitTask = (attemptId: string, draft?: string, version?: number) =>
  api<TaskAttempt>(`${attemptPath(attemptId)}/submit`, {
    method: "POST",
    body: draft === undefined ? {} : { draft, version },
  });
export const gradeTask = (attemptId: string, checked: number[]) =>
  api<TaskAttempt>(`${attemptPath(attemptId)}/grade`, { method: "PUT", body: { checked } });
export const companionGradeTask = (attemptId: string) =>
  api<TaskAttempt>(`${attemptPath(attemptId)}/companion-grade`, { method: "POST", timeoutMs: 60_000 });

export const KIND_NAMES: Record<string, string> = {
  drafting: "Drafting",
  counseling: "Client counseling",
  persuasive: "Persuasive brief",
  objective: "Objective memorandum",
};
