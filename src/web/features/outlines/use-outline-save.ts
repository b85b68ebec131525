/**
 * Autosave for the outline editor: tree operations queue up and are sent together 600 ms after
 * the last change, with the version the editor holds (one request at a time). Edits of one entry
 * are merged and sent after the structural operations of the same batch, only for entries that
 * still exist. A stale version (409: another tab changed the outline) stops saving and asks
 * the student to reload; nothing is overwritten.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { OutlineOp } from "../../../contract/outlines";
import { ApiError } from "../../lib/api";
import { outlinesApi } from "./api";

/** This tab's id, sent with every save so the realtime echo of our own change is recognised. */
export const OUTLINE_TAB_ID =
  typeof crypto !== "undefined" && crypto.randomUUID ? crypto.randomUUID() : String(Math.random());

type EditOp = Extract<OutlineOp, { op: "edit" }>;

export type SaveStatus = "saved" | "dirty" | "saving" | "conflict" | "error";
export const OUTLINE_SAVE_DELAY_MS = 600;

/** The save state as an external store: only the indicator subscribes, the editor does not re-render. */
export interface SaveStore {
  get: () => { status: SaveStatus; error: string | null };
  subscribe: (l: () => void) => () => void;
}

function createSaveStore() {
  let state: { status: SaveStatus; error: string | null } = { status: "saved", error: null };
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    subscribe: (l: () => void) => {
      listeners.add(l);
      return () => {
        listeners.delete(l);
      };
    },
    set(patch: Partial<typeof state>) {
      if (Object.entries(patch).every(([k, v]) => state[k as keyof typeof state] === v)) return;
      state = { ...state, ...patch };
      for (const l of listeners) l();
    },
  };
}

export function useOutlineSave(id: string, startVersion: number, exists: (entryId: string) => boolean) {
  const qc = useQueryClient();
  const version = useRef(startVersion);
  const ops = useRef<OutlineOp[]>([]);
  // Edits of one entry merge into one operation (latest html, mark, embed).
  const edits = useRef(new Map<string, EditOp>());
  const title = useRef<string | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const existsRef = useRef(exists);
  existsRef.current = exists;
  const [store] = useState(createSaveStore);
  const setStatus = useCallback(
    (s: SaveStatus | ((prev: SaveStatus) => SaveStatus)) =>
      store.set({ status: typeof s === "function" ? s(store.get().status) : s }),
    [store],
  );
  const setError = useCallback((error: string | null) => store.set({ error }), [store]);

  const pendingCount = useCallback(
    () => ops.current.length + edits.current.size + (title.current !== undefined ? 1 : 0),
    [],
  );

  // The request in flight, if any: it settles to whether the batch was saved.
  const inflight = useRef<Promise<boolean> | null>(null);

  /** Sends one batch of what is queued; resolves to whether the server took it. */
  const send = useCallback(async (): Promise<boolean> => {
    const batch: OutlineOp[] = [...ops.current];
    for (const [entryId, edit] of edits.current) if (existsRef.current(entryId)) batch.push(edit);
    const t = title.current;
    ops.current = [];
    edits.current = new Map();
    title.current = undefined;
    setStatus("saving");
    try {
      const saved = await outlinesApi.patch(id, {
        version: version.current,
        ops: batch,
        tab: OUTLINE_TAB_ID,
        ...(t !== undefined ? { title: t } : {}),
      });
      version.current = saved.version;
      setError(null);
      void qc.invalidateQueries({ queryKey: ["outlines"] });
      setStatus(pendingCount() ? "dirty" : "saved");
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        setStatus("conflict");
        setError("This outline was changed in another tab or window. Reload to see the newer version.");
        return false;
      }
      // Put the batch back in front so a retry sends it again, in order.
      ops.current = [...batch.filter((o) => o.op !== "edit"), ...ops.current];
      for (const o of batch)
        if (o.op === "edit") edits.current.set(o.id, { ...o, ...(edits.current.get(o.id) ?? {}) } as EditOp);
      if (t !== undefined && title.current === undefined) title.current = t;
      setStatus("error");
      setError(err instanceof Error ? err.message : "Could not save.");
      return false;
    }
  }, [id, qc, pendingCount, setStatus, setError]);

  /**
   * Saves what is queued now. One request at a time: a call made while a save is in flight
   * waits for it, then sends what is still queued, so when the promise resolves everything
   * queued before the call has reached the server (or failed, shown by the status). Callers
   * that read the outline back after a change (an embed) rely on this.
   */
  const flush = useCallback(async (): Promise<void> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    while (inflight.current) await inflight.current;
    if (!pendingCount() || store.get().status === "conflict") return;
    const p = send();
    inflight.current = p;
    let ok = false;
    try {
      ok = await p;
    } finally {
      if (inflight.current === p) inflight.current = null;
    }
    // Changes made while this batch was on its way go next.
    if (ok && pendingCount()) await flush();
  }, [send, pendingCount, store]);

  const schedule = useCallback(() => {
    if (store.get().status === "conflict") return;
    setStatus((s) => (s === "saving" ? s : "dirty"));
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), OUTLINE_SAVE_DELAY_MS);
  }, [flush, setStatus, store]);

  const push = useCallback(
    (op: OutlineOp) => {
      if (op.op === "edit") edits.current.set(op.id, { ...(edits.current.get(op.id) ?? {}), ...op });
      else {
        // A delete, or a re-add after one, orders against the edits before it: send those first.
        if (edits.current.has(op.id)) {
          ops.current.push(edits.current.get(op.id)!);
          edits.current.delete(op.id);
        }
        ops.current.push(op);
      }
      schedule();
    },
    [schedule],
  );
  const setTitle = useCallback(
    (t: string) => {
      title.current = t;
      schedule();
    },
    [schedule],
  );

  useEffect(() => {
    const beforeUnload = (e: BeforeUnloadEvent) => {
      if (pendingCount() || inflight.current) e.preventDefault();
    };
    window.addEventListener("beforeunload", beforeUnload);
    return () => {
      window.removeEventListener("beforeunload", beforeUnload);
      void flush();
    };
  }, [flush, pendingCount]);

  /** Whether anything is unsaved or being saved. */
  const pending = useCallback(() => pendingCount() > 0 || inflight.current !== null, [pendingCount]);
  return { store, push, setTitle, flush, pending, version };
}
