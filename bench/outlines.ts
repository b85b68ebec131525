/**
 * Outline bench (issue 16; DESIGN.md §6: a 2,000-entry outline opens in ≤ 500 ms, a drag of a
 * 200-entry subtree saves in ≤ 200 ms, p95). Boots the real server on PGlite (or DATABASE_URL),
 * builds an outline of 2,000 entries in 10 sections of 200 (a heading, 19 issues of 9 entries
 * each and 9 entries directly under the heading: three levels; 50 entries embed notes, 20 an official topic, so the
 * open includes resolving live embeds), then times sequentially from one client:
 *  - GET /api/outlines/:id (the whole tree with resolved embeds), 30 rounds after 3 warm-ups
 *  - PATCH /api/outlines/:id moving one 200-entry section to another place among the top-level
 *    sections (what a drop sends: one move op), 30 rounds after 3 warm-ups; the first PATCH of
 *    the run also takes the automatic version snapshot of the 2,000 entries.
 * Run: `npx tsx bench/outlines.ts`. Reports; asserts nothing.
 */
import { randomUUID } from "node:crypto";
import { signedInUser, startTestServer } from "../tests/helpers/server";

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

async function main() {
  const server = await startTestServer({ RATE_LIMIT_DISABLED: "true" });
  try {
    const c = await signedInUser(server, "outline-bench@example.com");
    const notes: string[] = [];
    for (let i = 0; i < 50; i++) {
      const r = await c.json<{ note: { id: string } }>("/api/notes", {
        body: { title: `Note ${i}`, html: `<p>Note ${i}: the rule and its exceptions.</p>` },
      });
      notes.push(r.body.note.id);
    }
    const { body } = await c.json<{ outline: { id: string; version: number } }>("/api/outlines", {
      body: { title: "Bench outline" },
    });
    const id = body.outline.id;
    const ops: unknown[] = [];
    const sections: string[] = [];
    let n = 0;
    for (let s = 0; s < 10; s++) {
      const head = randomUUID();
      ops.push({ op: "add", id: head, parentId: null, afterId: sections.at(-1) ?? null, html: `<p>Section ${s}</p>` });
      sections.push(head);
      let prevSub: string | null = null;
      for (let k = 0; k < 19; k++) {
        const sub = randomUUID();
        ops.push({ op: "add", id: sub, parentId: head, afterId: prevSub, html: `<p>Issue ${s}.${k}</p>` });
        prevSub = sub;
        let prevLeaf: string | null = null;
        for (let l = 0; l < 9; l++) {
          const leaf = randomUUID();
          n++;
          const embed =
            n % 36 === 0 && notes.length
              ? { kind: "note", id: notes[(n / 36) % notes.length] }
              : n % 89 === 0
                ? { kind: "topic", id: "torts-battery" }
                : undefined;
          ops.push({
            op: "add",
            id: leaf,
            parentId: sub,
            afterId: prevLeaf,
            html: `<p>Entry ${s}.${k}.${l}: an element with a case and a trigger fact</p>`,
            ...(embed ? { embed } : {}),
          });
          prevLeaf = leaf;
        }
      }
      // 1 + 19 × (1 + 9) = 191; nine more directly under the heading make a 200-entry section.
      for (let x = 0; x < 9; x++)
        ops.push({ op: "add", id: randomUUID(), parentId: head, afterId: null, html: `<p>Overview ${s}.${x}</p>` });
    }
    const made = await c.json<{ outline: { version: number; entryCount: number } }>(`/api/outlines/${id}`, {
      method: "PATCH",
      body: { version: 1, ops },
    });
    if (made.status !== 200) throw new Error(`build ${made.status}`);
    let version = made.body.outline.version;
    const open: number[] = [];
    for (let round = 0; round < 33; round++) {
      const t0 = performance.now();
      const r = await c.fetch(`/api/outlines/${id}`);
      const j = (await r.json()) as { outline: { entries: unknown[] } };
      if (r.status !== 200 || j.outline.entries.length !== 2000) throw new Error(`open ${r.status}`);
      if (round >= 3) open.push(performance.now() - t0);
    }
    const move: number[] = [];
    for (let round = 0; round < 33; round++) {
      const moved = sections[9]; // 200 entries with its heading
      const after = round % 2 === 0 ? null : sections[4];
      const t0 = performance.now();
      const r = await c.json<{ outline: { version: number } }>(`/api/outlines/${id}`, {
        method: "PATCH",
        body: { version, ops: [{ op: "move", id: moved, parentId: null, afterId: after }] },
      });
      if (r.status !== 200) throw new Error(`move ${r.status}`);
      version = r.body.outline.version;
      if (round >= 3) move.push(performance.now() - t0);
    }
    const f = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(0)} ms · p95 ${pct(xs, 95).toFixed(0)} ms`;
    console.log(`outline of 2,000 entries (70 live embeds), GET: ${f(open)} (budget p95 ≤ 500 ms)`);
    console.log(`move of a 200-entry subtree, PATCH: ${f(move)} (budget p95 ≤ 200 ms)`);
  } finally {
    await server.close();
  }
}

await main();
