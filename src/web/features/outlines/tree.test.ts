import { describe, expect, it } from "vitest";
import {
  addEntry,
  buildTree,
  deleteEntry,
  htmlToText,
  indent,
  moveEntry,
  outdent,
  projectDrop,
  shift,
  type Tree,
  visibleRows,
} from "./tree";

const e = (id: string, parentId: string | null, position: number) => ({
  id,
  parentId,
  position,
  text: id,
  embed: null,
});
const shape = (t: Tree) => visibleRows(t, new Set()).map((r) => `${r.label}${r.id}@${r.depth}`);

// A ─ A1 ─ A1x ; B
const base = () => buildTree([e("B", null, 2), e("A", null, 1), e("A1", "A", 1), e("A1x", "A1", 1)]);

describe("outline tree", () => {
  it("numbers the visible rows I. A. 1. and hides collapsed subtrees", () => {
    expect(shape(base())).toEqual(["I.A@1", "A.A1@2", "1.A1x@3", "II.B@1"]);
    expect(visibleRows(base(), new Set(["A"])).map((r) => r.id)).toEqual(["A", "B"]);
  });

  it("indents, outdents and swaps, each with the server operation", () => {
    const ind = indent(base(), "B")!;
    expect(ind.op).toEqual({ op: "move", id: "B", parentId: "A", afterId: "A1" });
    expect(shape(ind.tree)).toEqual(["I.A@1", "A.A1@2", "1.A1x@3", "B.B@2"]);
    expect(indent(base(), "A")).toBeNull();
    const out = outdent(base(), "A1x")!;
    expect(out.op).toEqual({ op: "move", id: "A1x", parentId: "A", afterId: "A1" });
    const up = shift(base(), "B", -1)!;
    expect(up.op).toEqual({ op: "move", id: "B", parentId: null, afterId: null });
    expect(shape(up.tree)[0]).toBe("I.B@1");
    expect(shift(base(), "B", 1)).toBeNull();
  });

  it("refuses a move into its own subtree", () => {
    expect(moveEntry(base(), "A", "A1x", null)).toBeNull();
  });

  it("adds after a sibling and deletes a subtree", () => {
    const added = addEntry(base(), "C", null, "A", "Contracts & <sales>");
    expect(added.op).toMatchObject({
      op: "add",
      parentId: null,
      afterId: "A",
      html: "<p>Contracts &amp; &lt;sales&gt;</p>",
    });
    expect(visibleRows(added.tree, new Set()).map((r) => r.id)).toEqual(["A", "A1", "A1x", "C", "B"]);
    const gone = deleteEntry(base(), "A");
    expect([...gone.tree.byId.keys()]).toEqual(["B"]);
  });

  it("projects a drop: dragging right nests under the row above", () => {
    const rows = visibleRows(base(), new Set());
    // B over itself, dragged one level right → child of A, after A1; two levels → under A1.
    expect(projectDrop(rows, "B", "B", 24, 24)).toEqual({ depth: 2, parentId: "A", afterId: "A1" });
    expect(projectDrop(rows, "B", "B", 48, 24)).toEqual({ depth: 3, parentId: "A1", afterId: "A1x" });
    // Dropped between A and A1: the next row is at depth 2, so it becomes A's first child.
    expect(projectDrop(rows, "B", "A1", 0, 24)).toEqual({ depth: 2, parentId: "A", afterId: null });
    expect(projectDrop(rows, "B", "A", 0, 24)).toEqual({ depth: 1, parentId: null, afterId: null });
  });

  it("reads entry HTML as plain text", () => {
    expect(htmlToText("<p><strong>Battery</strong> &amp; assault</p><p>x</p>")).toBe("Battery & assault x");
  });
});

describe("undoing a subtree delete", () => {
  it("puts the subtree back where it was, with fresh ids", async () => {
    const { restoreSubtree, snapshotSubtree } = await import("./tree");
    const t = base();
    const snap = snapshotSubtree(t, "A1");
    const gone = deleteEntry(t, "A1").tree;
    let n = 0;
    const back = restoreSubtree(gone, snap, () => `new${++n}`);
    expect(back.ops.map((o) => o.op)).toEqual(["add", "add"]);
    expect(back.ops[0]).toMatchObject({ id: "new1", parentId: "A", afterId: null });
    expect(back.ops[1]).toMatchObject({ id: "new2", parentId: "new1", afterId: null });
    expect(visibleRows(back.tree, new Set()).map((r) => `${r.label}${back.tree.byId.get(r.id)!.text}`)).toEqual([
      "I.A",
      "A.A1",
      "1.A1x",
      "II.B",
    ]);
  });
});

describe("undo / redo over the operation list", () => {
  it("takes back a move, an edit, a mark and a subtree delete (same ids), and redoes them", async () => {
    const { applyOp, buildTree, deleteEntry, editEntry, inverseOf, markEntry, moveEntry } = await import("./tree");
    const e = (id: string, parentId: string | null, position: number, text: string) => ({
      id,
      parentId,
      position,
      text,
      embed: null,
    });
    const t0 = buildTree([e("a", null, 1, "A"), e("b", null, 2, "B"), e("b1", "b", 1, "B1"), e("b2", "b1", 1, "B2")]);
    const shape = (t: ReturnType<typeof buildTree>) =>
      JSON.stringify(
        [...t.kids]
          .filter(([, v]) => v.length)
          .map(([k, v]) => [k, v.map((id) => `${id}:${t.byId.get(id)?.text}:${t.byId.get(id)?.mark ?? ""}`)])
          .sort(),
      );
    for (const change of [
      moveEntry(t0, "b1", "a", null)!,
      editEntry(t0, "a", "A, edited"),
      markEntry(t0, "b", "rule"),
      deleteEntry(t0, "b"),
    ]) {
      const back = inverseOf(t0, change.op).reduce(applyOp, change.tree);
      expect(shape(back)).toBe(shape(t0));
      expect(shape(applyOp(back, change.op))).toBe(shape(change.tree));
    }
  });
});
