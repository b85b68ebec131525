/**
 * Finds the provisions a question names ("Rule 403", "FRE 801(d)(2)", "12(b)(6)", "UCC 2-207",
 * "§ 1983", "the Fourteenth Amendment", "Article III", "MPC 2.02", "Restatement § 90") and returns
 * their base ids (see src/server/content/provisions.ts), keeping only ids the registry holds.
 */
import { ORDINALS, romanToInt } from "../../domain/provisions";

const WORD_ORDINAL = new Map(ORDINALS.map((w, i) => [w, i]));
const NUM_ORDINAL = /^(\d{1,2})(st|nd|rd|th)$/;

export function detectProvisionIds(question: string, has: (id: string) => boolean): string[] {
  const q = question.toLowerCase().replace(/[’']/g, "'");
  const found: string[] = [];
  const add = (id: string) => {
    if (has(id) && !found.includes(id)) found.push(id);
  };
  // Rules: "FRE 403", "Rule 803(2)", "Federal Rule of Evidence 404(b)", "FRCP 12(b)(6)", "Rule 11".
  for (const m of q.matchAll(
    /\b(fre|frcp|frap|federal rules? of (?:civil procedure|evidence)|rules?)\s*(\d{1,4})\b/g,
  )) {
    const kind = m[1];
    const n = m[2];
    if (kind === "fre" || kind.includes("evidence")) add(`fre-${n}`);
    else if (kind === "frcp" || kind.includes("civil")) add(`frcp-${n}`);
    else if (kind === "frap") add(`frap-${n}`);
    else if (n.length >= 3) add(`fre-${n}`);
    else add(`frcp-${n}`);
  }
  // Bare sub-rule forms students write: "12(b)(6)", "803(2)", "404(b)".
  for (const m of q.matchAll(/\b(\d{1,4})\((?:[a-z0-9]{1,4})\)/g))
    add(m[1].length >= 3 ? `fre-${m[1]}` : `frcp-${m[1]}`);
  // UCC: "UCC 2-207", "§ 2-207", "2-207".
  for (const m of q.matchAll(/\b([1-9][a-z]?-\d{3}[a-z]*)\b/g)) add(`ucc-${m[1]}`);
  // U.S. Code: "28 U.S.C. § 1332", "§ 1983", "section 1367", "1983 claim".
  for (const m of q.matchAll(
    /\b(\d{1,2})\s*u\.?\s?s\.?\s?c\.?\s*(?:§+|sec(?:tion)?\.?)?\s*(\d{3,5}[a-z]*(?:-\d+[a-z]*)*)/g,
  ))
    add(`${m[1]}-usc-${m[2]}`);
  for (const m of q.matchAll(/(?:§+|\bsection)\s*(\d{4,5}[a-z]*(?:-\d+[a-z]*)*)\b/g))
    for (const title of ["28", "42", "18", "47", "15", "12"]) add(`${title}-usc-${m[1]}`);
  if (/\b1983\s+(?:claim|action|suit|case|liability)/.test(q)) add("42-usc-1983");
  // Amendments: "Fourteenth Amendment", "14th Amendment", "amend. XIV", "1A".
  for (const m of q.matchAll(/\b([a-z]+(?:-[a-z]+)?|\d{1,2}(?:st|nd|rd|th))\s+amendment/g)) {
    const w = m[1];
    const n = WORD_ORDINAL.get(w) ?? (NUM_ORDINAL.test(w) ? Number(NUM_ORDINAL.exec(w)![1]) : 0);
    if (n) add(`const-amend-${n}`);
  }
  for (const m of q.matchAll(/\bamend(?:ment)?\.?\s+([ivxl]+)\b/g))
    add(`const-amend-${romanToInt(m[1].toUpperCase())}`);
  // Articles: "Article III", "art. I, § 8".
  for (const m of q.matchAll(/\bart(?:icle|\.)\s+([ivx]+)\b(?:,?\s*(?:§|section|sec\.)\s*(\d+))?/g)) {
    const art = romanToInt(m[1].toUpperCase());
    if (m[2]) add(`const-art-${art}-${m[2]}`);
    else for (let s = 1; s <= 10; s++) add(`const-art-${art}-${s}`);
    add(`const-art-${art}`);
  }
  // Model Penal Code and Restatements.
  for (const m of q.matchAll(/\b(?:mpc|model penal code)\s*§?\s*(\d+)\.(\d+)/g)) add(`mpc-${m[1]}-${m[2]}`);
  for (const m of q.matchAll(/\brestatement[^§]{0,40}§\s*(\d+[a-z]?)/g))
    for (const r of ["restatement-second-contracts", "restatement-second-torts"]) add(`${r}-${m[1]}`);
  return found;
}
