/**
 * The course editor's outline (issue 15 §4): modules and their lessons, ordered by drag and drop
 * (dnd-kit) or by keyboard — focus a handle, Space to lift, ↑/↓ to move, Space to drop (Escape
 * cancels) — or with the Move up / Move down buttons, which also carry a lesson across a module
 * boundary. Every change is saved at once with `PUT /api/admin/courses/:id/order`; on an error
 * the server's order comes back.
 */
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { clsx } from "clsx";
import { ArrowDown, ArrowUp, GripVertical, Pencil, Plus, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Input } from "../../../components/ui/input";
import { Select } from "../../../components/ui/select";
import { formatDuration } from "../api";
import { type EditorCourse, type EditorLesson, KIND_LABEL, type LessonKind } from "./api";

export type Order = { id: string; lessonIds: string[] }[];
export const orderOf = (c: EditorCourse): Order =>
  c.modules.map((m) => ({ id: m.id, lessonIds: m.lessons.map((l) => l.id) }));

/** `order` with item `id` moved by `delta` (±1) among modules, or among lessons across module boundaries. */
export function moveInOrder(order: Order, id: string, delta: -1 | 1): Order | null {
  const mi = order.findIndex((m) => m.id === id);
  if (mi >= 0) {
    const to = mi + delta;
    return to < 0 || to >= order.length ? null : arrayMove(order, mi, to);
  }
  const next = order.map((m) => ({ ...m, lessonIds: [...m.lessonIds] }));
  const m = next.findIndex((x) => x.lessonIds.includes(id));
  if (m < 0) return null;
  const li = next[m].lessonIds.indexOf(id);
  const to = li + delta;
  if (to >= 0 && to < next[m].lessonIds.length) {
    next[m].lessonIds = arrayMove(next[m].lessonIds, li, to);
    return next;
  }
  const target = m + delta;
  if (target < 0 || target >= next.length) return null;
  next[m].lessonIds.splice(li, 1);
  if (delta < 0) next[target].lessonIds.push(id);
  else next[target].lessonIds.unshift(id);
  return next;
}

function Sortable({ id, label, children }: { id: string; label: string; children: (handle: ReactNode) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      className="cursor-grab touch-none rounded-md p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-600 active:cursor-grabbing dark:hover:bg-slate-800"
      aria-label={`Drag ${label}`}
      {...attributes}
      {...listeners}
    >
      <GripVertical className="h-4 w-4" aria-hidden />
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={clsx(isDragging && "relative z-10 shadow-lg ring-2 ring-brand-500/40")}
    >
      {children(handle)}
    </li>
  );
}

const iconButton =
  "rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 disabled:opacity-30 dark:hover:bg-slate-800";

function MoveButtons({
  label,
  onMove,
  first,
  last,
}: {
  label: string;
  onMove: (d: -1 | 1) => void;
  first: boolean;
  last: boolean;
}) {
  return (
    <>
      <button
        type="button"
        className={iconButton}
        aria-label={`Move ${label} up`}
        disabled={first}
        onClick={() => onMove(-1)}
      >
        <ArrowUp className="h-4 w-4" aria-hidden />
      </button>
      <button
        type="button"
        className={iconButton}
        aria-label={`Move ${label} down`}
        disabled={last}
        onClick={() => onMove(1)}
      >
        <ArrowDown className="h-4 w-4" aria-hidden />
      </button>
    </>
  );
}

export function OutlineEditor(props: {
  course: EditorCourse;
  busy: boolean;
  onOrder: (order: Order) => void;
  onAddModule: (title: string) => void;
  onRenameModule: (id: string, title: string) => void;
  onRemoveModule: (id: string, title: string) => void;
  onAddLesson: (moduleId: string, title: string, kind: LessonKind) => void;
  selected: string | null;
  onSelect: (lessonId: string | null) => void;
  renderLesson: (l: EditorLesson) => ReactNode;
}) {
  const { course: c } = props;
  const order = orderOf(c);
  const [moduleTitle, setModuleTitle] = useState("");
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const move = (id: string, d: -1 | 1) => {
    const next = moveInOrder(order, id, d);
    if (next) props.onOrder(next);
  };
  const onModulesEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    const ids = order.map((m) => m.id);
    props.onOrder(arrayMove(order, ids.indexOf(String(e.active.id)), ids.indexOf(String(e.over.id))));
  };
  const onLessonsEnd = (moduleId: string) => (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    props.onOrder(
      order.map((m) =>
        m.id === moduleId
          ? {
              ...m,
              lessonIds: arrayMove(
                m.lessonIds,
                m.lessonIds.indexOf(String(e.active.id)),
                m.lessonIds.indexOf(String(e.over!.id)),
              ),
            }
          : m,
      ),
    );
  };
  const flat = c.modules.flatMap((m) => m.lessons.map((l) => l.id));
  return (
    <section aria-labelledby="outline-heading" className="min-w-0 space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="outline-heading" className="text-lg font-semibold">
          Modules and lessons
        </h2>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          Drag a handle, or focus it and press Space, ↑/↓, Space. Saved at once.
        </p>
      </div>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onModulesEnd}>
        <SortableContext items={order.map((m) => m.id)} strategy={verticalListSortingStrategy}>
          <ol className="space-y-3" aria-label="Modules">
            {c.modules.map((m, mi) => (
              <Sortable key={m.id} id={m.id} label={`module ${m.title}`}>
                {(handle) => (
                  <Card className="p-3" data-testid="editor-module">
                    <div className="flex items-center gap-1">
                      {handle}
                      <ModuleTitle title={m.title} onSave={(t) => props.onRenameModule(m.id, t)} />
                      <MoveButtons
                        label={`module ${m.title}`}
                        first={mi === 0}
                        last={mi === c.modules.length - 1}
                        onMove={(d) => move(m.id, d)}
                      />
                      <button
                        type="button"
                        className={iconButton}
                        aria-label={`Delete module ${m.title}`}
                        onClick={() => props.onRemoveModule(m.id, m.title)}
                      >
                        <Trash2 className="h-4 w-4" aria-hidden />
                      </button>
                    </div>
                    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onLessonsEnd(m.id)}>
                      <SortableContext items={m.lessons.map((l) => l.id)} strategy={verticalListSortingStrategy}>
                        <ol className="mt-2 space-y-1.5" aria-label={`Lessons of ${m.title}`}>
                          {m.lessons.map((l) => (
                            <Sortable key={l.id} id={l.id} label={`lesson ${l.title}`}>
                              {(handle) => (
                                <div
                                  className="rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
                                  data-testid="editor-lesson"
                                >
                                  <div className="flex items-center gap-1 px-1 py-1">
                                    {handle}
                                    <button
                                      type="button"
                                      className="min-w-0 flex-1 truncate rounded px-1 py-1 text-left text-sm hover:underline"
                                      aria-expanded={props.selected === l.id}
                                      onClick={() => props.onSelect(props.selected === l.id ? null : l.id)}
                                    >
                                      {l.title}
                                    </button>
                                    <span className="hidden text-xs text-slate-500 sm:inline">
                                      {KIND_LABEL[l.kind]}
                                      {l.durationS ? ` · ${formatDuration(l.durationS)}` : ""}
                                      {l.isPreview ? " · Preview" : ""}
                                    </span>
                                    <MoveButtons
                                      label={`lesson ${l.title}`}
                                      first={flat[0] === l.id}
                                      last={flat.at(-1) === l.id}
                                      onMove={(d) => move(l.id, d)}
                                    />
                                    <button
                                      type="button"
                                      className={iconButton}
                                      aria-label={`Edit lesson ${l.title}`}
                                      onClick={() => props.onSelect(l.id)}
                                    >
                                      <Pencil className="h-4 w-4" aria-hidden />
                                    </button>
                                  </div>
                                  {props.selected === l.id && props.renderLesson(l)}
                                </div>
                              )}
                            </Sortable>
                          ))}
                        </ol>
                      </SortableContext>
                    </DndContext>
                    <AddLesson
                      moduleTitle={m.title}
                      busy={props.busy}
                      onAdd={(t, k) => props.onAddLesson(m.id, t, k)}
                    />
                  </Card>
                )}
              </Sortable>
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <form
        className="flex flex-wrap items-center gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (!moduleTitle.trim()) return;
          props.onAddModule(moduleTitle.trim());
          setModuleTitle("");
        }}
      >
        <Input
          aria-label="New module title"
          placeholder="New module title"
          value={moduleTitle}
          maxLength={200}
          onChange={(e) => setModuleTitle(e.target.value)}
          className="max-w-sm"
        />
        <Button type="submit" variant="outline" disabled={props.busy || !moduleTitle.trim()}>
          <Plus className="h-4 w-4" aria-hidden /> Add module
        </Button>
      </form>
    </section>
  );
}

function ModuleTitle({ title, onSave }: { title: string; onSave: (t: string) => void }) {
  const [editing, setEditing] = useState<string | null>(null);
  if (editing === null)
    return (
      <button
        type="button"
        className="min-w-0 flex-1 truncate rounded px-1 text-left font-medium hover:underline"
        onClick={() => setEditing(title)}
        aria-label={`Rename module ${title}`}
      >
        {title}
      </button>
    );
  return (
    <form
      className="flex min-w-0 flex-1 gap-1"
      onSubmit={(e) => {
        e.preventDefault();
        if (editing.trim() && editing.trim() !== title) onSave(editing.trim());
        setEditing(null);
      }}
    >
      <Input
        aria-label="Module title"
        value={editing}
        autoFocus
        maxLength={200}
        onChange={(e) => setEditing(e.target.value)}
        onKeyDown={(e) => e.key === "Escape" && setEditing(null)}
        className="h-8"
      />
      <Button type="submit" size="sm">
        Save
      </Button>
    </form>
  );
}

function AddLesson({
  moduleTitle,
  busy,
  onAdd,
}: {
  moduleTitle: string;
  busy: boolean;
  onAdd: (t: string, k: LessonKind) => void;
}) {
  const [title, setTitle] = useState("");
  const [kind, setKind] = useState<LessonKind>("video");
  return (
    <form
      className="mt-2 flex flex-wrap items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (!title.trim()) return;
        onAdd(title.trim(), kind);
        setTitle("");
      }}
    >
      <Input
        aria-label={`New lesson title in ${moduleTitle}`}
        placeholder="New lesson title"
        value={title}
        maxLength={200}
        onChange={(e) => setTitle(e.target.value)}
        className="h-8 max-w-xs flex-1"
      />
      <Select
        size="sm"
        label={`Kind of the new lesson in ${moduleTitle}`}
        value={kind}
        onChange={(v) => setKind(v as LessonKind)}
        className="w-32"
      >
        <option value="video">Video</option>
        <option value="reading">Reading</option>
        <option value="practice">Practice</option>
      </Select>
      <Button type="submit" size="sm" variant="outline" disabled={busy || !title.trim()}>
        <Plus className="h-4 w-4" aria-hidden /> Add lesson
      </Button>
    </form>
  );
}
