/**
 * Autosave for one note: edits are merged and sent 800 ms after the last keystroke with the
 * version the editor started from. The server refuses a stale version (409): the newer note
 * is then shown and the unsaved edit is kept aside so the student can re-apply it on purpose.
 *
 * A draft (a note whose `id` is "", from 'New' or a template) is created on the server by its
 * first save, i.e. on the first edit, never when it is opened (issue 12 item 26: no empty
 * 'Untitled note' rows); `onCreated` then receives the new note and later saves go to its id.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "../../lib/api";
import { type Note, notesApi } from "./api";

export type SaveStatus = "draft" | "saved" | "dirty" | "saving" | "conflict" | "error";
export interface Patch {
  title?: string;
  html?: string;
  tags?: string[];
}

export const AUTOSAVE_DELAY_MS = 800;

export function useAutosave(note: Note, onCreated?: (note: Note) => void) {
  const qc = useQueryClient();
  const version = useRef(note.version);
  /** The note's id on the server; "" until a draft's first save creates it. */
  const id = useRef(note.id);
  const created = useRef(onCreated);
  created.current = onCreated;
  /** A draft's starting content (a template's), sent with its first edit. */
  const start = useRef({ title: note.title, html: note.html, tags: note.tags.map((t) => t.name) });
  const pending = useRef<Patch>({});
  const saving = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [status, setStatus] = useState<SaveStatus>(note.id ? "saved" : "draft");
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<{ newer: Note; mine: Patch } | null>(null);
  const [savedAt, setSavedAt] = useState<string>(note.updatedAt);

  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (saving.current || !Object.keys(pending.current).length) return;
    const patch = pending.current;
    pending.current = {};
    saving.current = true;
    setStatus("saving");
    try {
      const saved = id.current
        ? await notesApi.save(id.current, { ...patch, version: version.current })
        : await notesApi.create({ ...start.current, ...patch });
      version.current = saved.version;
      setSavedAt(saved.updatedAt);
      qc.setQueryData(["note", saved.id], saved);
      if (!id.current) {
        id.current = saved.id;
        created.current?.(saved);
      }
      void qc.invalidateQueries({ queryKey: ["notes"] });
      if (patch.tags) void qc.invalidateQueries({ queryKey: ["tags"] });
      setError(null);
      setStatus(Object.keys(pending.current).length ? "dirty" : "saved");
    } catch (err) {
      if (err instanceof ApiError && err.status === 409 && (err.details as { note?: Note })?.note) {
        const newer = (err.details as { note: Note }).note;
        version.current = newer.version;
        setConflict({ newer, mine: { ...patch, ...pending.current } });
        pending.current = {};
        qc.setQueryData(["note", id.current], newer);
        setStatus("conflict");
      } else {
        pending.current = { ...patch, ...pending.current };
        setError(err instanceof Error ? err.message : "Could not save.");
        setStatus("error");
      }
    } finally {
      saving.current = false;
      if (Object.keys(pending.current).length && !timer.current)
        timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
    }
  }, [qc]);

  const change = useCallback(
    (patch: Patch) => {
      pending.current = { ...pending.current, ...patch };
      setStatus((s) => (s === "conflict" ? s : "dirty"));
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
    },
    [flush],
  );

  /** Re-applies the edit that was refused, on top of the newer version. */
  const applyMine = useCallback(() => {
    if (!conflict) return;
    pending.current = conflict.mine;
    setConflict(null);
    void flush();
  }, [conflict, flush]);

  const dismissConflict = useCallback(() => {
    setConflict(null);
    setStatus("saved");
  }, []);

  // Save on leaving the page or switching notes; warn while an edit is unsaved.
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (Object.keys(pending.current).length || saving.current) e.preventDefault();
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      void flush();
    };
  }, [flush]);

  return { status, error, conflict, savedAt, change, flush, applyMine, dismissConflict, version, id };
}
