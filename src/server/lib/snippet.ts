/**
 * Search snippets from PostgreSQL `ts_headline`: the matches are wrapped in \u0001…\u0002
 * (characters no text contains), then the text is HTML-escaped and the markers become
 * `<mark>…</mark>`, so a snippet is safe to show and its highlights survive.
 */
import { type SQL, sql } from "drizzle-orm";

const START = String.fromCharCode(1);
const STOP = String.fromCharCode(2);
const ESC: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** `ts_headline(config, text, query, options)` with the marker characters. */
export const headline = (text: SQL, query: SQL, words = "MaxWords=38, MinWords=18, MaxFragments=2") =>
  sql`ts_headline('english', ${text}, ${query}, 'StartSel=' || chr(1) || ', StopSel=' || chr(2) || ', ${sql.raw(words)}, FragmentDelimiter=" … "')`;

/** Escapes a headline and turns its markers into <mark> tags. */
export const markSnippet = (raw: string) =>
  raw
    .replace(/[&<>"']/g, (c) => ESC[c])
    .replaceAll(START, "<mark>")
    .replaceAll(STOP, "</mark>")
    .replace(/\s+/g, " ")
    .trim();
