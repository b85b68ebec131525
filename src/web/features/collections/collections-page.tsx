/**
 * /case-collections and /case-collections/:collectionId (SPEC.md §2.3, issue 5 §1): a
 * student's named lists of cases. Create, rename, delete; add cases by searching; remove;
 * reorder by dragging (or with the keyboard: focus the handle, Space, arrows, Space).
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
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import {
  ArrowLeft,
  BookOpen,
  Check,
  FolderOpen,
  GripVertical,
  Pencil,
  Plus,
  Search,
  Trash2,
  User,
  X,
} from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/card";
import { ApiError } from "../../lib/api";
import { toast } from "../../lib/toast";
import { shortCourt } from "../case-law/api";
import { type CaseOption, searchCases } from "../notes/rich-editor";
import { NotFoundPage } from "../shell/screens";
import { type CollectionItem, collectionsApi } from "./api";

const kindLabel = { opinion: "Opinion", brief: "Official brief", student_brief: "Your brief" } as const;

export default function CollectionsPage() {
  const { collectionId } = useParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const list = useQuery({ queryKey: ["collections"], queryFn: collectionsApi.list });
  const [name, setName] = useState("");
  const create = useMutation({
    mutationFn: () => collectionsApi.create(name.trim()),
    onSuccess: (c) => {
      setName("");
      void qc.invalidateQueries({ queryKey: ["collections"] });
      navigate(`/case-collections/${c.id}`);
    },
    onError: (e) =>
      toast.add({
        title: "Could not create the collection",
        description: (e as Error).message,
        variant: "destructive",
      }),
  });
  return (
    <div className="mx-auto grid max-w-6xl gap-8 lg:grid-cols-[18rem_1fr]">
      <aside className={clsx(collectionId ? "hidden lg:block" : "block")} aria-label="Collections">
        <h1 className="text-2xl font-bold tracking-tight">Collections</h1>
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
          Group cases for a class, an outline or the exam.
        </p>
        <form
          className="mt-5 flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim()) create.mutate();
          }}
        >
          <input
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={120}
            placeholder="New collection"
            aria-label="New collection name"
            className="min-w-0 flex-1 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 focus:outline-none dark:border-slate-700 dark:bg-slate-950"
          />
          <Button type="submit" aria-label="Create collection" disabled={!name.trim() || create.isPending}>
            <Plus className="h-4 w-4" />
          </Button>
        </form>
        {list.isPending ? (
          <Spinner className="m-6 text-brand-700" />
        ) : (
          <ul className="mt-4 space-y-1">
            {list.data?.map((c) => (
              <li key={c.id}>
                <Link
                  to={`/case-collections/${c.id}`}
                  aria-current={c.id === collectionId ? "page" : undefined}
                  className={clsx(
                    "block rounded-xl px-3 py-2.5",
                    c.id === collectionId
                      ? "bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700"
                      : "hover:bg-slate-100 dark:hover:bg-slate-800/60",
                  )}
                  data-testid="collection-row"
                >
                  <span className="flex items-center justify-between gap-2">
                    <span className="truncate text-sm font-semibold">{c.name}</span>
                    <span className="text-xs text-slate-500 dark:text-slate-400">{c.itemCount}</span>
                  </span>
                  {c.preview.length > 0 && (
                    <span className="mt-0.5 line-clamp-1 block text-xs text-slate-500 dark:text-slate-400 italic">
                      {c.preview.join(" · ")}
                    </span>
                  )}
                </Link>
              </li>
            ))}
            {!list.data?.length && (
              <li className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500 dark:text-slate-400 dark:border-slate-700">
                No collections yet.
              </li>
            )}
          </ul>
        )}
      </aside>
      <section className={clsx("min-w-0", collectionId ? "block" : "hidden lg:block")}>
        {collectionId ? (
          <CollectionView key={collectionId} id={collectionId} />
        ) : (
          <div className="flex min-h-[50vh] flex-col items-center justify-center rounded-2xl border border-dashed border-slate-300 text-center dark:border-slate-700">
            <FolderOpen className="h-10 w-10 text-slate-300" />
            <p className="mt-3 font-medium">Open a collection, or create one</p>
            <p className="mt-1 max-w-sm text-sm text-slate-500 dark:text-slate-400">
              Add opinions and briefs from here or with Collect on any case page, then drag them into the order you
              study them.
            </p>
          </div>
        )}
      </section>
    </div>
  );
}

function SortableRow({ item, onRemove }: { item: CollectionItem; onRemove: () => void }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: `${item.kind}:${item.id}`,
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={clsx(
        "flex items-center gap-2 rounded-xl border border-slate-200 bg-white px-2 py-2.5 dark:border-slate-800 dark:bg-slate-900",
        isDragging && "relative z-10 shadow-lg ring-2 ring-brand-500/40",
      )}
      data-testid="collection-item"
    >
      <button
        type="button"
        className="cursor-grab touch-none rounded-md p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-600 active:cursor-grabbing dark:hover:bg-slate-800"
        aria-label={`Move ${item.title}`}
        {...attributes}
        {...listeners}
      >
        <GripVertical className="h-4 w-4" />
      </button>
      <span
        className={clsx(
          "rounded-lg p-1.5",
          item.kind === "student_brief"
            ? "bg-amber-50 text-amber-700 dark:bg-amber-950/50 dark:text-amber-300"
            : "bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-brand-100",
        )}
      >
        {item.kind === "student_brief" ? <User className="h-4 w-4" /> : <BookOpen className="h-4 w-4" />}
      </span>
      <Link to={item.url} className="min-w-0 flex-1">
        <span className="block truncate font-medium italic hover:underline">{item.title}</span>
        <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
          {[kindLabel[item.kind], item.citation, shortCourt(item.court), item.year].filter(Boolean).join(" · ")}
        </span>
      </Link>
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remove ${item.title}`}
        className="rounded-md p-1.5 text-slate-400 hover:bg-red-50 hover:text-red-600 dark:hover:bg-red-950"
      >
        <X className="h-4 w-4" />
      </button>
    </li>
  );
}

function CaseAdder({ onAdd }: { onAdd: (c: CaseOption) => void }) {
  const [q, setQ] = useState("");
  const [debounced, setDebounced] = useState("");
  useEffect(() => {
    const t = setTimeout(() => setDebounced(q.trim()), 200);
    return () => clearTimeout(t);
  }, [q]);
  const results = useQuery({
    queryKey: ["case-picker", debounced],
    queryFn: () => searchCases(debounced),
    enabled: debounced.length >= 2,
  });
  return (
    <div className="relative">
      <Search className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-slate-400" />
      <input
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder="Add a case: type its name or citation"
        aria-label="Add a case"
        className="w-full rounded-lg border border-slate-200 bg-white py-2 pr-3 pl-9 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 focus:outline-none dark:border-slate-700 dark:bg-slate-950"
      />
      {debounced.length >= 2 && (
        <ul
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-y-auto rounded-xl border border-slate-200 bg-white p-1 shadow-xl dark:border-slate-700 dark:bg-slate-900"
          aria-label="Cases"
        >
          {results.isPending ? (
            <li className="px-3 py-2 text-sm text-slate-500 dark:text-slate-400">Searching…</li>
          ) : results.data?.length ? (
            results.data.map((c) => (
              <li key={`${c.kind}:${c.id}`}>
                <button
                  type="button"
                  onClick={() => {
                    onAdd(c);
                    setQ("");
                  }}
                  className="flex w-full flex-col items-start rounded-lg px-3 py-2 text-left hover:bg-slate-50 dark:hover:bg-slate-800"
                >
                  <span className="text-sm font-medium italic">{c.title}</span>
                  <span className="text-xs text-slate-500 dark:text-slate-400">
                    {[kindLabel[c.kind], c.citation, c.year].filter(Boolean).join(" · ")}
                  </span>
                </button>
              </li>
            ))
          ) : (
            <li className="px-3 py-2 text-sm text-slate-500 dark:text-slate-400">
              No case matches. If your library lacks the opinion, import it in Case law.
            </li>
          )}
        </ul>
      )}
    </div>
  );
}

function CollectionView({ id }: { id: string }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { data, isPending, error } = useQuery({ queryKey: ["collection", id], queryFn: () => collectionsApi.get(id) });
  const [items, setItems] = useState<CollectionItem[]>([]);
  const [renaming, setRenaming] = useState<string | null>(null);
  useEffect(() => {
    if (data) setItems(data.items);
  }, [data]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const refresh = (next?: CollectionItem[]) => {
    if (next) {
      setItems(next);
      qc.setQueryData(["collection", id], (old: typeof data) => (old ? { ...old, items: next } : old));
    }
    void qc.invalidateQueries({ queryKey: ["collections"] });
  };
  const onError = (title: string) => (e: unknown) =>
    toast.add({ title, description: (e as Error).message, variant: "destructive" });
  const add = useMutation({
    mutationFn: (c: CaseOption) => collectionsApi.add(id, { kind: c.kind, id: c.id }),
    onSuccess: (r) => refresh(r.items),
    onError: (e) => toast.add({ title: "Not added", description: (e as Error).message, variant: "warning" }),
  });
  const removeItem = useMutation({
    mutationFn: (i: CollectionItem) => collectionsApi.removeItem(id, i),
    onSuccess: (r) => refresh(r.items),
    onError: onError("Could not remove the case"),
  });
  const reorder = useMutation({
    mutationFn: (next: CollectionItem[]) =>
      collectionsApi.reorder(
        id,
        next.map((i) => ({ kind: i.kind, id: i.id })),
      ),
    onSuccess: (r) => refresh(r.items),
    onError: (e) => {
      if (data) setItems(data.items);
      onError("Could not save the new order")(e);
    },
  });
  const rename = useMutation({
    mutationFn: (name: string) => collectionsApi.rename(id, { name }),
    onSuccess: () => {
      setRenaming(null);
      void qc.invalidateQueries({ queryKey: ["collection", id] });
      refresh();
    },
    onError: onError("Could not rename"),
  });
  const remove = useMutation({
    mutationFn: () => collectionsApi.remove(id),
    onSuccess: () => {
      refresh();
      toast.add({ title: "Collection deleted" });
      navigate("/case-collections");
    },
  });
  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />;
  if (isPending || !data) return <Spinner className="m-10 text-brand-700" />;
  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    const keys = items.map((i) => `${i.kind}:${i.id}`);
    const next = arrayMove(items, keys.indexOf(String(e.active.id)), keys.indexOf(String(e.over.id)));
    setItems(next);
    reorder.mutate(next);
  };
  return (
    <div>
      <Link
        to="/case-collections"
        className="inline-flex items-center gap-1 text-sm text-slate-500 dark:text-slate-400 hover:underline lg:hidden"
      >
        <ArrowLeft className="h-4 w-4" /> Collections
      </Link>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3 lg:mt-0">
        {renaming !== null ? (
          <form
            className="flex flex-1 items-center gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              if (renaming.trim()) rename.mutate(renaming.trim());
            }}
          >
            <input
              aria-label="Collection name"
              ref={(el) => el?.focus()}
              value={renaming}
              maxLength={120}
              onChange={(e) => setRenaming(e.target.value)}
              onKeyDown={(e) => e.key === "Escape" && setRenaming(null)}
              className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-1.5 text-xl font-bold dark:border-slate-700 dark:bg-slate-950"
            />
            <Button type="submit" size="sm" aria-label="Save name">
              <Check className="h-4 w-4" />
            </Button>
          </form>
        ) : (
          <h2 className="text-2xl font-bold tracking-tight">{data.collection.name}</h2>
        )}
        <div className="flex gap-1">
          <Button variant="ghost" size="sm" onClick={() => setRenaming(data.collection.name)}>
            <Pencil className="h-4 w-4" /> Rename
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() =>
              window.confirm(`Delete the collection "${data.collection.name}"? The cases stay in your library.`) &&
              remove.mutate()
            }
          >
            <Trash2 className="h-4 w-4" /> Delete
          </Button>
        </div>
      </div>
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
        {items.length} case{items.length === 1 ? "" : "s"}
        {items.length > 1 ? " · drag to reorder" : ""}
      </p>
      <div className="mt-5">
        <CaseAdder onAdd={(c) => add.mutate(c)} />
      </div>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={items.map((i) => `${i.kind}:${i.id}`)} strategy={verticalListSortingStrategy}>
          <ol className="mt-4 space-y-2" aria-label="Cases in this collection">
            {items.map((i) => (
              <SortableRow key={`${i.kind}:${i.id}`} item={i} onRemove={() => removeItem.mutate(i)} />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      {!items.length && (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-500 dark:text-slate-400 dark:border-slate-700">
          Empty. Add a case above.
        </p>
      )}
    </div>
  );
}
