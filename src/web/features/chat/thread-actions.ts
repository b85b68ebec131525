/**
 * Thread create / rename / delete with the SPEC.md §8 thread toasts and the §9 time-outs
 * (create 8 s, update and delete 6 s). Rename and delete are optimistic: a failed rename is
 * reverted, a failed delete restores the list; a timed-out delete keeps the UI updated.
 */
import { renamedTitle } from "../../../domain/threads";
import { ApiError, api } from "../../lib/api";
import { meQuery, queryClient } from "../../lib/session";
import { toast } from "../../lib/toast";
import {
  dropMessagesLater,
  editThreads,
  isTimeout,
  preserveDraft,
  removeThread,
  type Thread,
  type ThreadPages,
  THREAD_TIMEOUTS,
  threadsKey,
  upsertThread,
} from "./api";

const AUTH_SYNC_RETRY_MS = 2000;
const errorText = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);

/** True when the server no longer knows the session (re-reads `GET /api/me`, which clears the cached user). */
async function sessionGone(): Promise<boolean> {
  try {
    return (await queryClient.fetchQuery({ ...meQuery, staleTime: 0 })) === null;
  } catch {
    return false;
  }
}

/**
 * Creates a thread. A 401 is first checked against the session itself: when it has expired this is
 * SPEC.md §4's session expiry, not an error: `draft` is preserved (preservedMessage, no thread yet),
 * the cached user is cleared so the gate sends the student to /auth, and no toast is shown
 * (issue 12 item 21). A 401 while the session is still valid is the §8 'Authentication sync issue':
 * retried once after 2 s. Returns null on failure (toasted unless the session expired).
 */
export async function createThreadWithToasts(draft = ""): Promise<Thread | null> {
  const attempt = () => api<{ thread: Thread }>("/api/threads", { body: {}, timeoutMs: THREAD_TIMEOUTS.create });
  const expired = async (err: unknown) => {
    if (!(err instanceof ApiError && err.status === 401)) return false;
    if (!(await sessionGone())) return false;
    preserveDraft(draft, null);
    return true;
  };
  try {
    let res: { thread: Thread };
    try {
      res = await attempt();
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 401)) throw err;
      if (await expired(err)) return null;
      toast.add({
        title: "Authentication sync issue",
        description: "Your sign-in is still syncing. Retrying in 2 seconds…",
        variant: "warning",
        durationMs: 4000,
      });
      await new Promise((r) => setTimeout(r, AUTH_SYNC_RETRY_MS));
      res = await attempt();
    }
    upsertThread(res.thread);
    return res.thread;
  } catch (err) {
    if (await expired(err)) return null;
    if (isTimeout(err)) {
      toast.add({
        title: "Thread creation timeout",
        description: "Creating the conversation took longer than 8 seconds. Please try again.",
        variant: "destructive",
      });
    } else if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
      toast.add({
        title: "Error creating thread",
        description: "We could not confirm your permissions. Please sign out and sign in again.",
        variant: "destructive",
      });
      void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
    } else {
      toast.add({
        title: "Error creating thread",
        description: errorText(err, "We could not create the conversation. Please try again."),
        variant: "destructive",
      });
    }
    return null;
  }
}

/** Renames `thread` (ignored when the new title is empty or unchanged, SPEC.md §5). */
export async function renameThreadWithToasts(thread: Thread, input: string): Promise<void> {
  const title = renamedTitle(input, thread.title);
  if (title === null) return;
  editThreads((list) => list.map((t) => (t.id === thread.id ? { ...t, title } : t)));
  try {
    const res = await api<{ thread: Thread }>(`/api/threads/${thread.id}`, {
      method: "PATCH",
      body: { title },
      timeoutMs: THREAD_TIMEOUTS.update,
    });
    upsertThread(res.thread);
  } catch (err) {
    if (isTimeout(err)) {
      toast.add({
        title: "Thread update timeout",
        description: "Renaming took longer than 6 seconds. The new name may not have been saved.",
        variant: "warning",
      });
      void queryClient.invalidateQueries({ queryKey: threadsKey });
      return;
    }
    editThreads((list) => list.map((t) => (t.id === thread.id ? { ...t, title: thread.title } : t)));
    toast.add({
      title: "Error updating thread",
      description: errorText(err, "We could not rename the conversation. Please try again."),
      variant: "destructive",
    });
  }
}

/**
 * Deletes a thread optimistically. Returns false when the server refused (the list is restored),
 * true otherwise (also on time-out: the UI stays updated, SPEC.md §8).
 */
export async function deleteThreadWithToasts(thread: Thread): Promise<boolean> {
  const before = queryClient.getQueryData<ThreadPages>(threadsKey);
  removeThread(thread.id);
  try {
    await api(`/api/threads/${thread.id}`, { method: "DELETE", timeoutMs: THREAD_TIMEOUTS.delete });
    dropMessagesLater(thread.id);
    return true;
  } catch (err) {
    if (isTimeout(err)) {
      toast.add({
        title: "Thread deletion timeout",
        description: "Deleting took longer than 6 seconds; it will finish in the background.",
        variant: "warning",
      });
      return true;
    }
    if (err instanceof ApiError && err.status === 404) return true; // already gone (another tab)
    if (before) queryClient.setQueryData(threadsKey, before);
    toast.add({
      title: "Error deleting thread",
      description: errorText(err, "We could not delete the conversation. Please try again."),
      variant: "destructive",
    });
    return false;
  }
}
