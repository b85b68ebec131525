/**
 * /chat and /chat/:threadId (SPEC.md §2.3, §4; issue 4 §1, §2, §5): the conversation, the
 * streaming answer, the question box, the upgrade prompt when the month's free messages are used,
 * and the empty state with the four demo prompts. A new conversation is created when its first
 * question is sent. If the session expires mid-compose, the unsent text and the thread id are kept
 * under the SPEC.md §3 keys preservedMessage / preservedThreadId and restored after sign-in.
 * A conversation opens on its newest messages; older pages load when the student scrolls to the
 * top, and the view stays on the message being read (decision 044).
 */
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { MessageSquarePlus, RotateCw, SearchX } from "lucide-react";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { Button, buttonClass } from "../../components/ui/button";
import { useBrand } from "../public/brand";
import { Spinner } from "../../components/ui/card";
import { ApiError } from "../../lib/api";
import { queryClient, useMe } from "../../lib/session";
import { KEYS, read, write } from "../../lib/storage";
import { toast } from "../../lib/toast";
import {
  conversationOf,
  messagesKey,
  messagesQuery,
  preserveDraft,
  seedEmptyConversation,
  threadsOf,
  threadsQuery,
  usageQuery,
} from "./api";
import { Composer, type ComposerHandle } from "./composer";
import { EmptyState } from "./empty-state";
import { clearLiveAnswer, sendToThread, stopAnswer, useLiveAnswer } from "./live-answers";
import { AssistantMessage, LiveAssistant, UserBubble } from "./message-item";
import { createThreadWithToasts } from "./thread-actions";
import { UpgradePrompt } from "./upgrade-prompt";

/** Reads (and clears) a draft preserved across sign-in for this thread; `goTo` when it belongs to another thread. */
function takePreserved(threadId: string | undefined): { text: string | null; goTo: string | null } {
  const text = read(KEYS.preservedMessage);
  const tid = read(KEYS.preservedThreadId);
  if (!text && !tid) return { text: null, goTo: null };
  if (tid && !threadId) return { text: null, goTo: tid };
  if (tid && tid !== threadId) return { text: null, goTo: null };
  write(KEYS.preservedMessage, null);
  write(KEYS.preservedThreadId, null);
  return { text, goTo: null };
}

const nearBottom = () => window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 160;
const scrollToBottom = () => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" });

export default function ChatPage() {
  const { threadId } = useParams();
  const navigate = useNavigate();
  const { data: me } = useMe();
  const threads = useInfiniteQuery(threadsQuery);
  const msgs = useInfiniteQuery({ ...messagesQuery(threadId ?? ""), enabled: !!threadId });
  // The list may not have loaded the page that holds an old thread: the messages carry it too.
  const thread = threadsOf(threads.data).find((t) => t.id === threadId) ?? msgs.data?.pages[0]?.thread;
  const list = conversationOf(msgs.data);
  const usage = useQuery(usageQuery);
  const live = useLiveAnswer(threadId);
  const [draft, setDraft] = useState("");
  const [limitHit, setLimitHit] = useState(false);
  const composer = useRef<ComposerHandle>(null);
  const draftRef = useRef("");
  draftRef.current = draft;
  const sendingRef = useRef<{ text: string; threadId: string | null } | null>(null);
  const stick = useRef(true);
  /** Distance from the page's bottom when older messages were asked for: restored once they are in, so the view stays put. */
  const older = useRef<number | null>(null);
  const [topVisible, setTopVisible] = useState(false);
  const threadIdRef = useRef(threadId);
  const shownThread = useRef(threadId);
  threadIdRef.current = threadId;
  const brand = useBrand();

  // A thread switch starts with an empty box, or with the text kept across a sign-in.
  useEffect(() => {
    const { text, goTo } = takePreserved(threadId);
    if (goTo) {
      navigate(`/chat/${goTo}`, { replace: true });
      return;
    }
    setDraft(text ?? "");
    write(KEYS.currentThreadId, threadId ?? null);
    stick.current = true;
    older.current = null;
    // Ready to type — unless the student is typing somewhere else (e.g. renaming a thread in the sidebar).
    const active = document.activeElement as HTMLElement | null;
    if (!active || !(active.matches("input, textarea, select") || active.isContentEditable)) composer.current?.focus();
  }, [threadId, navigate]);

  // Session expired while composing: the gate unmounts this page; keep the text for after sign-in.
  // (A deliberate sign-out clears the session marker first, so nothing is kept then.)
  useEffect(
    () => () => {
      const signedOut = queryClient.getQueryData(["me"]) === null;
      const text = draftRef.current || sendingRef.current?.text || "";
      if (signedOut && read(KEYS.sessionMarker) && text.trim())
        preserveDraft(text, sendingRef.current?.threadId ?? threadIdRef.current ?? null);
    },
    [],
  );
  useEffect(() => {
    const on = () => {
      stick.current = nearBottom();
    };
    window.addEventListener("scroll", on, { passive: true });
    return () => window.removeEventListener("scroll", on);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the conversation as it grows; keep the view when older messages come in above
  useLayoutEffect(() => {
    // Another thread is shown: it opens at its newest message, wherever the last one was scrolled
    // (this runs before the effect above that resets the refs, so it resets them itself).
    if (shownThread.current !== threadId) {
      shownThread.current = threadId;
      stick.current = true;
      older.current = null;
    }
    if (older.current !== null && !msgs.isFetchingNextPage) {
      window.scrollTo({ top: document.documentElement.scrollHeight - older.current, behavior: "instant" });
      older.current = null;
    } else if (stick.current) scrollToBottom();
  }, [list.length, live?.text, live?.phase, live?.citations.length, threadId, msgs.isFetchingNextPage]);

  // Content can grow after the render that placed the view (Markdown laid out, fonts, a cached
  // conversation shown again): while the student is at the bottom, the view follows it.
  const followGrowth = useCallback((el: HTMLDivElement | null) => {
    if (!el) return;
    const ro = new ResizeObserver(() => {
      if (stick.current && older.current === null) scrollToBottom();
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // The student reached the top of the loaded conversation: load the page before it.
  const { hasNextPage, isFetching, isFetchNextPageError, fetchNextPage } = msgs;
  /** Loads the page before the loaded conversation, keeping what the student is reading in place. */
  const loadOlder = useCallback(() => {
    older.current = document.documentElement.scrollHeight - window.scrollY;
    void fetchNextPage();
  }, [fetchNextPage]);
  useEffect(() => {
    if (!topVisible || !hasNextPage || isFetching || isFetchNextPageError) return;
    setTopVisible(false); // until the observer, made anew for the longer conversation, sees the top again
    loadOlder();
  }, [topVisible, hasNextPage, isFetching, isFetchNextPageError, loadOlder]);
  const pageCount = msgs.data?.pages.length ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new observer per loaded page (and thread) reports whether the top is still in view
  const watchTop = useCallback(
    (el: HTMLDivElement | null) => {
      if (!el) return;
      const io = new IntersectionObserver(([e]) => setTopVisible(e.isIntersecting), {
        rootMargin: "200px 0px 0px 0px",
      });
      io.observe(el);
      return () => {
        io.disconnect();
        setTopVisible(false);
      };
    },
    [pageCount, threadId],
  );

  const send = useCallback(
    async (raw: string) => {
      const text = raw.trim();
      if (!text) return;
      setDraft("");
      stick.current = true;
      sendingRef.current = { text, threadId: threadId ?? null };
      try {
        let id = threadId;
        if (!id) {
          const created = await createThreadWithToasts(text);
          if (!created) {
            setDraft(raw);
            return;
          }
          id = created.id;
          seedEmptyConversation(id);
          sendingRef.current = { text, threadId: id };
          navigate(`/chat/${id}`);
        }
        const outcome = await sendToThread(id, text);
        if (outcome.ok) return;
        if (outcome.reason === "unauthenticated") return; // kept for after sign-in; the gate redirects
        if (outcome.reason === "limit") setLimitHit(true);
        else toast.add({ title: "Message not sent", description: outcome.message, variant: "destructive" });
        if (threadIdRef.current === id || !threadIdRef.current) setDraft((d) => d || raw);
      } finally {
        sendingRef.current = null;
      }
    },
    [threadId, navigate],
  );

  const retry = useCallback(async () => {
    if (!threadId) return;
    clearLiveAnswer(threadId);
    const outcome = await sendToThread(threadId, null);
    if (outcome.ok) return;
    if (outcome.reason === "limit") setLimitHit(true);
    else if (outcome.reason !== "unauthenticated") {
      // e.g. the answer finished on the server after all: show what is stored.
      void queryClient.invalidateQueries({ queryKey: messagesKey(threadId) });
      if (!/no unanswered question/i.test(outcome.message))
        toast.add({ title: "Retry failed", description: outcome.message, variant: "destructive" });
    }
  }, [threadId]);

  const notFound = msgs.error instanceof ApiError && msgs.error.status === 404;
  const showPendingQuestion = live?.question && !list.some((m) => m.id === live.userMessageId);
  const u = usage.data;
  const outOfMessages = limitHit || (u?.limit != null && (u.remaining ?? 1) <= 0);
  const empty = !threadId || (msgs.isSuccess && list.length === 0 && !live);
  const firstName = me?.profile.firstName || undefined;

  return (
    <div className="flex min-h-[calc(100dvh-var(--banner-h,0px))] flex-col">
      <header className="sticky top-[var(--banner-h,0px)] z-20 flex h-14 items-center gap-3 border-b border-slate-200/80 bg-white/85 pr-4 pl-16 backdrop-blur-md md:px-6 dark:border-slate-800/80 dark:bg-slate-950/85">
        <h1
          className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-900 dark:text-white"
          data-testid="chat-title"
        >
          {threadId ? (thread?.title ?? "") : "New chat"}
        </h1>
        {u?.limit != null && (
          <Link
            to="/settings/statistics"
            data-testid="usage-pill"
            className="hidden rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-600 hover:bg-slate-200 sm:inline-flex dark:bg-slate-800 dark:text-slate-300 dark:hover:bg-slate-700"
          >
            {u.remaining} of {u.limit} free messages left
          </Link>
        )}
        {threadId && (
          <Link
            to="/chat"
            aria-label="New chat"
            title="New chat"
            className="flex h-9 w-9 items-center justify-center rounded-lg text-slate-500 dark:text-slate-400 hover:bg-slate-100 hover:text-slate-900 dark:hover:bg-slate-800 dark:hover:text-white"
          >
            <MessageSquarePlus className="h-5 w-5" />
          </Link>
        )}
      </header>

      <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col px-4 pt-6 pb-4 sm:px-6">
        {notFound ? (
          <div className="flex flex-1 flex-col items-center justify-center text-center" data-testid="thread-not-found">
            <SearchX className="h-10 w-10 text-slate-400" aria-hidden />
            <p className="mt-3 font-medium text-slate-900 dark:text-white">
              This conversation does not exist or was deleted.
            </p>
            <Link to="/chat" className={buttonClass("primary", "md", "mt-5")}>
              Start a new chat
            </Link>
          </div>
        ) : threadId && msgs.isPending ? (
          <div className="flex flex-1 items-center justify-center">
            <Spinner className="h-6 w-6 text-brand-600" />
          </div>
        ) : empty ? (
          <EmptyState name={firstName} onPick={(p) => void send(p)} />
        ) : (
          <div ref={followGrowth} className="space-y-8" data-testid="messages">
            {hasNextPage && (
              <div ref={watchTop} className="-mb-4 flex h-8 items-center justify-center" data-testid="older-messages">
                {isFetchNextPageError ? (
                  <Button variant="ghost" size="sm" onClick={loadOlder}>
                    <RotateCw className="h-3.5 w-3.5" /> Load earlier messages
                  </Button>
                ) : (
                  msgs.isFetchingNextPage && (
                    <span role="status" aria-label="Loading earlier messages">
                      <Spinner className="h-4 w-4 text-slate-400" />
                    </span>
                  )
                )}
              </div>
            )}
            {list.map((m, i) =>
              m.role === "user" ? (
                <UserBubble key={m.id} content={m.content} />
              ) : (
                <AssistantMessage
                  key={m.id}
                  message={m}
                  canRetry={i === list.length - 1 && !live}
                  onRetry={() => void retry()}
                />
              ),
            )}
            {showPendingQuestion && <UserBubble content={live.question!} />}
            {live && (
              <LiveAssistant
                text={live.text}
                citations={live.citations}
                phase={live.phase}
                error={live.error}
                onRetry={() => void retry()}
              />
            )}
          </div>
        )}
      </div>

      <div className="sticky bottom-0 z-10 bg-gradient-to-t from-white from-70% to-white/0 pt-4 pb-4 sm:pb-6 dark:from-slate-950">
        <div className="mx-auto w-full max-w-3xl px-4 sm:px-6">
          {outOfMessages ? (
            <UpgradePrompt resetsAt={u?.periodEnd ?? null} />
          ) : (
            <Composer
              ref={composer}
              value={draft}
              onChange={setDraft}
              onSend={() => void send(draft)}
              onStop={() => threadId && stopAnswer(threadId)}
              streaming={!!live && live.phase !== "failed"}
              disabled={notFound}
            />
          )}
          <p className="mt-2.5 text-center text-[0.7rem] text-slate-500 dark:text-slate-400">
            Answers cite their sources — open them to check. {brand.name} is a study aid, not legal advice.
          </p>
        </div>
      </div>
    </div>
  );
}
