/**
 * The sidebar's conversation list (SPEC.md §4, §8, §9): grouped Today, Yesterday, This Week, then
 * month and year, newest first; inline rename (Enter or blur saves a non-empty trimmed title,
 * Escape cancels); delete with confirmation, opening the next remaining thread (or /chat) when the
 * open one is deleted; the thread toasts and time-outs of §8/§9. Loaded a page at a time: the next
 * (older) page comes when the end of the list scrolls into view (decision 044).
 */
import { useInfiniteQuery } from "@tanstack/react-query";
import { clsx } from "clsx";
import { MessageSquarePlus, MoreHorizontal, Pencil, RotateCw, Trash2 } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { groupThreads, nextThreadAfterDelete } from "../../../domain/threads";
import { Button } from "../../components/ui/button";
import { toast } from "../../lib/toast";
import { ApiError } from "../../lib/api";
import { meQuery, queryClient } from "../../lib/session";
import { type Thread, THREAD_TIMEOUTS, threadsOf, threadsQuery } from "./api";
import { deleteThreadWithToasts, renameThreadWithToasts } from "./thread-actions";

// The delete confirmation uses the Radix dialog; it loads on first use (preloaded when a row's
// menu opens) so Radix stays out of the signed-in shell's first chunk (decision 019).
const loadDeleteDialog = () => import("./delete-thread-dialog");
const DeleteThreadDialog = lazy(loadDeleteDialog);

/** The open thread's id from the path (the sidebar sits outside the chat route). */
export const openThreadId = (pathname: string) => /^\/chat\/([^/]+)/.exec(pathname)?.[1] ?? null;

function useListToasts(q: {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  failureCount: number;
  isFetching: boolean;
}) {
  const [stuck, setStuck] = useState(false);
  const expired = q.error instanceof ApiError && q.error.status === 401;
  useEffect(() => {
    // A 401 is the session expiring (SPEC.md §4): no error toast; re-reading the session lets the
    // gate send the student to sign in (issue 12 item 21).
    if (q.isError && expired) void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
    else if (q.isError)
      toast.add({
        title: "Error loading conversations",
        description: "We encountered an error loading your conversations. Please try again.",
        variant: "destructive",
        durationMs: 8000,
      });
  }, [q.isError, expired]);
  useEffect(() => {
    if (q.isPending && q.failureCount === 1)
      toast.add({
        title: "Taking longer than expected",
        description: "Still loading your conversations…",
        variant: "warning",
      });
  }, [q.isPending, q.failureCount]);
  useEffect(() => {
    if (!q.isPending) {
      setStuck(false);
      return;
    }
    const t = setTimeout(() => setStuck(true), THREAD_TIMEOUTS.listSafety);
    return () => clearTimeout(t);
  }, [q.isPending]);
  return stuck;
}

export function ThreadList() {
  const q = useInfiniteQuery(threadsQuery);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = openThreadId(pathname);
  const stuck = useListToasts(q);
  const threads = useMemo(() => threadsOf(q.data), [q.data]);
  const groups = useMemo(() => groupThreads(threads, new Date()), [threads]);
  const [editing, setEditing] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Thread | null>(null);

  // The end of the loaded list scrolled into view: load the next (older) page.
  const [endVisible, setEndVisible] = useState(false);
  const { hasNextPage, isFetching, isFetchNextPageError, fetchNextPage } = q;
  useEffect(() => {
    if (!endVisible || !hasNextPage || isFetching || isFetchNextPageError) return;
    setEndVisible(false); // until the observer, made anew for the longer list, sees the end again
    void fetchNextPage();
  }, [endVisible, hasNextPage, isFetching, isFetchNextPageError, fetchNextPage]);
  const pageCount = q.data?.pages.length ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new observer per loaded page reports whether the end is still in view
  const watchEnd = useCallback(
    (el: HTMLDivElement | null) => {
      if (!el) return;
      const io = new IntersectionObserver(([e]) => setEndVisible(e.isIntersecting), {
        rootMargin: "0px 0px 200px 0px",
      });
      io.observe(el);
      return () => {
        io.disconnect();
        setEndVisible(false);
      };
    },
    [pageCount],
  );

  const remove = async (t: Thread) => {
    const next = nextThreadAfterDelete(threads, t.id);
    const wasOpen = current === t.id;
    if (wasOpen) navigate(next ? `/chat/${next.id}` : "/chat", { replace: true });
    const ok = await deleteThreadWithToasts(t);
    if (!ok && wasOpen) navigate(`/chat/${t.id}`, { replace: true });
  };

  return (
    <div className="space-y-3 pb-2" data-testid="thread-list">
      <Link
        to="/chat"
        className="mx-1 flex h-9 items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 text-sm font-medium text-slate-700 shadow-xs transition hover:border-slate-300 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <MessageSquarePlus className="h-4 w-4 text-brand-600 dark:text-brand-400" aria-hidden /> New chat
      </Link>
      {q.isPending && !stuck && (
        <div className="space-y-2 px-3" role="status" aria-label="Loading conversations">
          {[70, 85, 55].map((w) => (
            <div
              key={w}
              className="h-3 animate-pulse rounded bg-slate-200 dark:bg-slate-800"
              style={{ width: `${w}%` }}
            />
          ))}
        </div>
      )}
      {((q.isError && !q.data) || stuck) && (
        <div className="px-3 text-xs text-slate-500 dark:text-slate-400">
          <p>Conversations could not be loaded.</p>
          <Button variant="ghost" size="sm" className="mt-1 -ml-3" onClick={() => void q.refetch()}>
            <RotateCw className="h-3.5 w-3.5" /> Try again
          </Button>
        </div>
      )}
      {q.data && threads.length === 0 && !hasNextPage && (
        <p className="px-3 text-xs leading-relaxed text-slate-500 dark:text-slate-400">
          No conversations yet. Ask your first question to start one.
        </p>
      )}
      {groups.map((g) => (
        <section key={g.label} aria-label={g.label}>
          <h3 className="px-3 pb-1 text-[11px] font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
            {g.label}
          </h3>
          <ul className="space-y-0.5">
            {g.threads.map((t) => (
              <ThreadRow
                key={t.id}
                thread={t}
                active={t.id === current}
                editing={editing === t.id}
                onEdit={setEditing}
                onDelete={() => setConfirm(t)}
              />
            ))}
          </ul>
        </section>
      ))}
      {hasNextPage && (
        <div ref={watchEnd} className="flex min-h-8 items-center justify-center px-3" data-testid="thread-list-more">
          {isFetchNextPageError ? (
            <Button variant="ghost" size="sm" onClick={() => void fetchNextPage()}>
              <RotateCw className="h-3.5 w-3.5" /> Load more conversations
            </Button>
          ) : (
            q.isFetchingNextPage && (
              <div
                className="h-3 w-1/2 animate-pulse rounded bg-slate-200 dark:bg-slate-800"
                role="status"
                aria-label="Loading more conversations"
              />
            )
          )}
        </div>
      )}
      {confirm && (
        <Suspense fallback={null}>
          <DeleteThreadDialog thread={confirm} onClose={() => setConfirm(null)} onConfirm={(t) => void remove(t)} />
        </Suspense>
      )}
    </div>
  );
}

function ThreadRow({
  thread,
  active,
  editing,
  onEdit,
  onDelete,
}: {
  thread: Thread;
  active: boolean;
  editing: boolean;
  onEdit: (id: string | null) => void;
  onDelete: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const done = useRef(false);
  useEffect(() => {
    if (editing) {
      done.current = false;
      input.current?.focus();
      input.current?.select();
    }
  }, [editing]);
  const finish = (save: boolean) => {
    if (done.current) return;
    done.current = true;
    const value = input.current?.value ?? "";
    onEdit(null);
    if (save) void renameThreadWithToasts(thread, value);
  };

  if (editing) {
    return (
      <li className="px-1">
        <input
          ref={input}
          defaultValue={thread.title}
          aria-label="Conversation title"
          maxLength={120}
          className="h-9 w-full rounded-lg border border-brand-500 bg-white px-2.5 text-sm text-slate-900 ring-2 ring-brand-500/25 outline-none dark:bg-slate-950 dark:text-slate-100"
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              finish(true);
            } else if (e.key === "Escape") {
              e.preventDefault();
              e.stopPropagation();
              finish(false);
            }
          }}
          onBlur={() => finish(true)}
        />
      </li>
    );
  }
  return (
    <li className="group relative px-1">
      <Link
        to={`/chat/${thread.id}`}
        aria-current={active ? "page" : undefined}
        onDoubleClick={(e) => {
          e.preventDefault();
          onEdit(thread.id);
        }}
        className={clsx(
          "flex h-9 items-center rounded-lg pr-8 pl-2.5 text-sm transition-colors",
          active
            ? "bg-white font-medium text-slate-900 shadow-xs ring-1 ring-slate-200 dark:bg-slate-800 dark:text-white dark:ring-slate-700"
            : "text-slate-600 hover:bg-slate-200/70 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800/70 dark:hover:text-slate-100",
        )}
        title={thread.title}
      >
        <span className="truncate">{thread.title}</span>
      </Link>
      <ThreadMenu title={thread.title} active={active} onRename={() => onEdit(thread.id)} onDelete={onDelete} />
    </li>
  );
}

/**
 * The row's actions menu (Rename, Delete). Kept dependency-free so the signed-in shell stays small:
 * a button with aria-haspopup, a menu closed by Escape, a click outside or a choice; arrow keys move.
 */
function ThreadMenu({
  title,
  active,
  onRename,
  onDelete,
}: {
  title: string;
  active: boolean;
  onRename: () => void;
  onDelete: () => void;
}) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    box.current?.querySelector<HTMLElement>("[role=menuitem]")?.focus();
    const onDown = (e: MouseEvent) => {
      if (!box.current?.parentElement?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", onDown);
    return () => document.removeEventListener("mousedown", onDown);
  }, [open]);
  const choose = (fn: () => void) => {
    setOpen(false);
    fn();
  };
  const item = "flex w-full cursor-pointer items-center gap-2 rounded-lg px-2.5 py-2 text-left outline-none";
  return (
    <div className="absolute top-1 right-2">
      <button
        ref={trigger}
        type="button"
        aria-label={`Actions for ${title}`}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => {
          if (!open) void loadDeleteDialog();
          setOpen((o) => !o);
        }}
        className={clsx(
          "flex h-7 w-7 items-center justify-center rounded-md text-slate-500 hover:bg-slate-200 hover:text-slate-900 focus-visible:opacity-100 aria-expanded:opacity-100 dark:hover:bg-slate-700 dark:hover:text-white",
          active ? "opacity-100" : "opacity-100 md:opacity-0 md:group-hover:opacity-100",
        )}
      >
        <MoreHorizontal className="h-4 w-4" />
      </button>
      {open && (
        <div
          ref={box}
          role="menu"
          aria-label={`Actions for ${title}`}
          tabIndex={-1}
          className="absolute top-8 right-0 z-50 min-w-40 rounded-xl border border-slate-200 bg-white p-1 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
          onKeyDown={(e) => {
            const items = [...(box.current?.querySelectorAll<HTMLElement>("[role=menuitem]") ?? [])];
            const i = items.indexOf(document.activeElement as HTMLElement);
            if (e.key === "Escape") {
              e.preventDefault();
              e.stopPropagation();
              setOpen(false);
              trigger.current?.focus();
            } else if (e.key === "ArrowDown" || e.key === "ArrowUp") {
              e.preventDefault();
              items[(i + (e.key === "ArrowDown" ? 1 : items.length - 1)) % items.length]?.focus();
            } else if (e.key === "Tab") setOpen(false);
          }}
        >
          <button
            type="button"
            role="menuitem"
            className={clsx(
              item,
              "text-slate-700 hover:bg-slate-100 focus:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 dark:focus:bg-slate-800",
            )}
            onClick={() => choose(onRename)}
          >
            <Pencil className="h-4 w-4" /> Rename
          </button>
          <button
            type="button"
            role="menuitem"
            className={clsx(
              item,
              "text-red-600 hover:bg-red-50 focus:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/50 dark:focus:bg-red-950/50",
            )}
            onClick={() => choose(onDelete)}
          >
            <Trash2 className="h-4 w-4" /> Delete
          </button>
        </div>
      )}
    </div>
  );
}
