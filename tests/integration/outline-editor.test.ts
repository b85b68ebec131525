/**
 * The outline editor's server side (issue 16 §2, §3, §6; decision 061), through HTTP:
 * live embeds resolved at read time and scoped to the owner; 'New outline from…' notes (by tag
 * and picked) + briefs + an official skeleton, and from a pasted syllabus; step/rule marks;
 * undo of a delete in the same batch keeping ids; version history (automatic snapshot at most
 * once per five minutes, on demand, view, restore as a new version, 409 on a stale restore);
 * the realtime `outline.updated` event another tab hears; Free is refused.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, signedInUser, startTestServer, type TestServer } from "../helpers/server";
import { makeFree } from "../helpers/users";

interface Embed {
  kind: string;
  id: string;
  title: string;
  html: string;
  href: string | null;
  missing: boolean;
}
interface Entry {
  id: string;
  parentId: string | null;
  position: number;
  html: string;
  embed: Embed | null;
  mark: string | null;
}
interface Outline {
  id: string;
  title: string;
  subjectId: string | null;
  version: number;
  entryCount: number;
  entries: Entry[];
}
interface Version {
  id: string;
  number: number;
  reason: string;
  label: string;
  entryCount: number;
  entries?: Entry[];
}

let server: TestServer;
let ada: Client;
let bob: Client;
let clock = Date.parse("2026-03-02T10:00:00Z");

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_DISABLED: "true" }, { now: () => new Date(clock) });
  ada = await signedInUser(server, "ada-editor@example.com");
  bob = await signedInUser(server, "bob-editor@example.com");
}, 240_000);
afterAll(async () => {
  await server?.close();
});

const get = async (c: Client, id: string) => {
  const r = await c.json<{ outline: Outline }>(`/api/outlines/${id}`);
  expect(r.status).toBe(200);
  return r.body.outline;
};
const create = async (c: Client, body: Record<string, unknown>) => {
  const r = await c.json<{ outline: Outline }>("/api/outlines", { body });
  expect(r.status).toBe(201);
  return r.body.outline;
};
const patch = (c: Client, id: string, body: Record<string, unknown>) =>
  c.json<{ outline: Outline; error?: { code: string; details?: { version: number } } }>(`/api/outlines/${id}`, {
    method: "PATCH",
    body,
  });
const text = (e: Entry) => e.html.replace(/<[^>]+>/g, "");
const kids = (o: Outline, parentId: string | null) =>
  o.entries.filter((e) => e.parentId === parentId).sort((a, b) => a.position - b.position);
const note = async (c: Client, title: string, html: string, tags: string[] = []) =>
  (await c.json<{ note: { id: string } }>("/api/notes", { body: { title, html, tags } })).body.note.id;

describe("outline editor (server)", () => {
  it("resolves embeds live at read time, for the owner only", async () => {
    const noteId = await note(ada, "Battery notes", "<p>Intent to contact is enough.</p>");
    const bobNote = await note(bob, "Bob's secret", "<p>Not for Ada.</p>");
    const brief = await ada.json<{ brief: { id: string } }>("/api/student-briefs", {
      body: { name: "Vosburg v. Putney", sections: { rule: "<p>Single intent.</p>" } },
    });
    const provisions = await ada.json<{ families: { provisions: { id: string; label: string }[] }[] }>(
      "/api/provisions",
    );
    const provision = provisions.body.families[0].provisions[0];
    const o = await create(ada, { title: "Embeds" });
    const ids = Array.from({ length: 6 }, () => randomUUID());
    const embeds = [
      { kind: "note", id: noteId },
      { kind: "brief", id: "garratt-v-dailey" },
      { kind: "student_brief", id: brief.body.brief.id },
      { kind: "topic", id: "torts-battery#rule" },
      { kind: "provision", id: provision.id },
      { kind: "note", id: bobNote },
    ];
    const r = await patch(ada, o.id, {
      version: 1,
      ops: ids.map((id, i) => ({
        op: "add",
        id,
        parentId: null,
        afterId: ids[i - 1] ?? null,
        html: "",
        embed: embeds[i],
      })),
    });
    expect(r.status).toBe(200);
    const read = async () => new Map((await get(ada, o.id)).entries.map((e) => [e.id, e.embed!]));
    let byId = await read();
    expect(byId.get(ids[0])).toMatchObject({ title: "Battery notes", href: `/notes/${noteId}`, missing: false });
    expect(byId.get(ids[0])!.html).toContain("Intent to contact is enough.");
    expect(byId.get(ids[1])).toMatchObject({ title: "Garratt v. Dailey, 46 Wash. 2d 197", missing: false });
    expect(byId.get(ids[1])!.html).toContain("Rule:");
    expect(byId.get(ids[2])!.html).toContain("Single intent.");
    expect(byId.get(ids[3])).toMatchObject({ title: "Battery — rule", href: "/library/topics/torts-battery" });
    expect(byId.get(ids[3])!.html).toContain("harmful or offensive contact");
    expect(byId.get(ids[3])!.html).not.toContain("Elements");
    expect(byId.get(ids[4])).toMatchObject({ title: provision.label, missing: false });
    // Bob's note: referenced by id, but not Ada's — its text never reaches her.
    expect(byId.get(ids[5])).toMatchObject({ missing: true, html: "", href: null });

    // Edit the note and the brief: the outline shows the change, nothing was copied.
    await ada.json(`/api/notes/${noteId}`, { method: "PATCH", body: { html: "<p>Revised: single intent rule.</p>" } });
    await ada.json(`/api/student-briefs/${brief.body.brief.id}`, {
      method: "PATCH",
      body: { sections: { rule: "<p>Intent to contact, not to harm.</p>" } },
    });
    byId = await read();
    expect(byId.get(ids[0])!.html).toContain("Revised: single intent rule.");
    expect(byId.get(ids[2])!.html).toContain("Intent to contact, not to harm.");
    // A deleted note is shown as missing, not as its old text.
    await ada.json(`/api/notes/${noteId}`, { method: "DELETE" });
    byId = await read();
    expect(byId.get(ids[0])).toMatchObject({ missing: true, html: "" });
  });

  it("builds an outline from tagged and picked notes, briefs and an official skeleton", async () => {
    const battery = await note(ada, "Garratt and intent", "<p>Substantial certainty.</p>", ["Battery", "torts"]);
    const linked = await note(
      ada,
      "Assault apprehension",
      '<p>See <a href="/library/topics/torts-assault">assault</a>.</p>',
      ["torts"],
    );
    const loose = await note(ada, "Exam tips", "<p>Read the call first.</p>", ["torts"]);
    const picked = await note(ada, "Picked negligence note", "<p>Duty.</p>", []);
    await note(ada, "Untagged other note", "<p>Should not appear.</p>");
    const tagList = await ada.json<{ tags: { id: string; name: string }[] }>("/api/tags");
    const tortsTag = tagList.body.tags.find((t) => t.name === "torts")!;
    const o = await create(ada, {
      from: {
        kind: "notes",
        subjectId: "torts",
        tagIds: [tortsTag.id],
        noteIds: [picked],
        briefs: [{ kind: "brief", id: "garratt-v-dailey" }],
      },
    });
    expect(o).toMatchObject({ title: "Torts outline", subjectId: "torts" });
    const full = await get(ada, o.id);
    const top = kids(full, null);
    const head = (title: string) => top.find((e) => text(e) === title)!;
    // The skeleton: every torts topic is a heading, in order; the notes sit under their topic.
    expect(top.length).toBeGreaterThan(20);
    const underBattery = kids(full, head("Battery").id);
    expect(underBattery.map((e) => e.embed?.id)).toEqual(expect.arrayContaining([battery, "garratt-v-dailey"]));
    expect(kids(full, head("Assault").id).map((e) => e.embed?.id)).toEqual([linked]);
    const other = kids(full, head("Other notes").id).map((e) => e.embed?.id);
    expect(other).toEqual(expect.arrayContaining([loose, picked]));
    expect(other).toHaveLength(2);
    // Referenced, not copied: the entry holds the title and the embed carries the note's live text.
    const entry = underBattery.find((e) => e.embed?.id === battery)!;
    expect(text(entry)).toBe("Garratt and intent");
    expect(entry.embed).toMatchObject({ kind: "note", missing: false });
    expect(full.entries.some((e) => text(e).includes("Untagged other note"))).toBe(false);

    // Bob cannot build from Ada's notes: nothing is found.
    const bobTry = await bob.json<{ error: { code: string } }>("/api/outlines", {
      body: { from: { kind: "notes", noteIds: [battery], tagIds: [tortsTag.id], briefs: [] } },
    });
    expect(bobTry.status).toBe(400);
  });

  it("turns a pasted syllabus into nested headings", async () => {
    const o = await create(ada, {
      title: "Contracts",
      from: { kind: "syllabus", text: "I. Formation\n  A. Offer\n  B. Acceptance\n    1. Mailbox rule\nII. Remedies" },
    });
    const full = await get(ada, o.id);
    expect(kids(full, null).map(text)).toEqual(["Formation", "Remedies"]);
    const formation = kids(full, null)[0];
    expect(kids(full, formation.id).map(text)).toEqual(["Offer", "Acceptance"]);
    expect(kids(full, kids(full, formation.id)[1].id).map(text)).toEqual(["Mailbox rule"]);
    const empty = await ada.json("/api/outlines", { body: { from: { kind: "syllabus", text: "   \n  " } } });
    expect(empty.status).toBe(400);
  });

  it("keeps marks, and takes back a delete in the same batch with the same ids", async () => {
    const o = await create(ada, { title: "Marks" });
    const [a, b] = [randomUUID(), randomUUID()];
    await patch(ada, o.id, {
      version: 1,
      ops: [
        { op: "add", id: a, parentId: null, afterId: null, html: "<p>Rule: battery</p>", mark: "rule" },
        { op: "add", id: b, parentId: null, afterId: a, html: "<p>Step one</p>", mark: "step" },
      ],
    });
    const r = await patch(ada, o.id, {
      version: 2,
      ops: [
        { op: "edit", id: b, mark: null },
        { op: "delete", id: a },
        { op: "add", id: a, parentId: null, afterId: null, html: "<p>Rule: battery</p>", mark: "rule" },
      ],
    });
    expect(r.status).toBe(200);
    const full = await get(ada, o.id);
    expect(kids(full, null).map((e) => [e.id, e.mark])).toEqual([
      [a, "rule"],
      [b, null],
    ]);
    const bad = await patch(ada, o.id, { version: 3, ops: [{ op: "edit", id: a, mark: "bogus" }] });
    expect(bad.status).toBe(400);
  });

  it("keeps a version history: automatic at most every five minutes, on demand, viewed and restored", async () => {
    const o = await create(ada, { title: "History" });
    const a = randomUUID();
    let v = (
      await patch(ada, o.id, { version: 1, ops: [{ op: "add", id: a, parentId: null, afterId: null, html: "One" }] })
    ).body.outline.version;
    const versions = async () =>
      (await ada.json<{ versions: Version[] }>(`/api/outlines/${o.id}/versions`)).body.versions;
    // The outline was empty before: nothing to keep yet.
    expect(await versions()).toEqual([]);
    clock += 60_000;
    v = (await patch(ada, o.id, { version: v, ops: [{ op: "edit", id: a, html: "One, edited" }] })).body.outline
      .version;
    const first = await versions();
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ number: 1, reason: "auto", entryCount: 1 });
    // Within five minutes: no new snapshot however many edits.
    for (const word of ["two", "three"]) {
      clock += 60_000;
      v = (await patch(ada, o.id, { version: v, ops: [{ op: "edit", id: a, html: word }] })).body.outline.version;
    }
    expect(await versions()).toHaveLength(1);
    clock += 5 * 60_000;
    v = (await patch(ada, o.id, { version: v, ops: [{ op: "edit", id: a, html: "four" }] })).body.outline.version;
    expect((await versions()).map((x) => x.number)).toEqual([2, 1]);
    // On demand.
    const saved = await ada.json<{ version: Version }>(`/api/outlines/${o.id}/versions`, {
      body: { label: "Before the exam" },
    });
    expect(saved.status).toBe(201);
    expect(saved.body.version).toMatchObject({ number: 3, reason: "manual", label: "Before the exam" });
    // View version 1 side by side: the text as it was.
    const one = await ada.json<{ version: Version }>(`/api/outlines/${o.id}/versions/${first[0].id}`);
    expect(one.body.version.entries!.map(text)).toEqual(["One"]);
    // Restore it as a new version; the present is kept first.
    const restored = await ada.json<{ outline: Outline }>(`/api/outlines/${o.id}/versions/${first[0].id}/restore`, {
      body: { version: v },
    });
    expect(restored.status).toBe(200);
    expect(restored.body.outline.version).toBe(v + 1);
    expect((await get(ada, o.id)).entries.map(text)).toEqual(["One"]);
    const after = await versions();
    expect(after[0]).toMatchObject({ number: 4, reason: "restore", label: "Before restoring version 1" });
    const kept = await ada.json<{ version: Version }>(`/api/outlines/${o.id}/versions/${after[0].id}`);
    expect(kept.body.version.entries!.map(text)).toEqual(["four"]);
    // A stale restore is refused; another user's outline or version is 404.
    const stale = await ada.json<{ error: { code: string } }>(`/api/outlines/${o.id}/versions/${first[0].id}/restore`, {
      body: { version: v },
    });
    expect(stale.status).toBe(409);
    expect((await bob.json(`/api/outlines/${o.id}/versions`)).status).toBe(404);
    expect((await bob.json(`/api/outlines/${o.id}/versions/${first[0].id}`)).status).toBe(404);
    expect((await ada.json(`/api/outlines/${o.id}/versions/${randomUUID()}`)).status).toBe(404);
  });

  it("tells the user's other tabs about a change (realtime outline.updated)", async () => {
    const o = await create(ada, { title: "Live" });
    const ac = new AbortController();
    const res = await ada.fetch("/api/realtime", { headers: { accept: "text/event-stream" } });
    const reader = res.body!.getReader();
    const dec = new TextDecoder();
    let seen = "";
    const read = async (needle: string) => {
      while (!seen.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) break;
        seen += dec.decode(value);
      }
    };
    await read("event: ready");
    const r = await patch(ada, o.id, {
      version: 1,
      tab: "tab-1",
      ops: [{ op: "add", id: randomUUID(), parentId: null, afterId: null, html: "x" }],
    });
    await read("outline.updated");
    ac.abort();
    await reader.cancel();
    const frame = seen.split("\n").find((l) => l.includes("outline.updated"))!;
    expect(JSON.parse(frame.replace(/^data: /, ""))).toEqual({
      type: "outline.updated",
      outlineId: o.id,
      version: r.body.outline.version,
      tab: "tab-1",
    });
  });

  it("refuses Free accounts on the new routes with UPGRADE_REQUIRED", async () => {
    const o = await create(ada, { title: "Gate" });
    const free = await signedInUser(server, "free-editor@example.com");
    await makeFree(server, free);
    const r = await free.json<{ error: { code: string } }>("/api/outlines", {
      body: { from: { kind: "syllabus", text: "I. One" } },
    });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe("UPGRADE_REQUIRED");
    const v = await free.json<{ error: { code: string } }>(`/api/outlines/${o.id}/versions`);
    expect(v.status).toBe(403);
  });
});
