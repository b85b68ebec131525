/** "Add to collection" menu for an opinion or a brief: existing collections, or a new one. */
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { FolderPlus, Plus } from "lucide-react";
import { buttonClass } from "../../components/ui/button";
import { toast } from "../../lib/toast";
import { type CaseKind, collectionsApi } from "./api";

export function AddToCollection({ kind, id, title }: { kind: CaseKind; id: string; title: string }) {
  const qc = useQueryClient();
  const collections = useQuery({ queryKey: ["collections"], queryFn: collectionsApi.list });
  const add = useMutation({
    mutationFn: async (target: { collectionId?: string; newName?: string }) => {
      const cid = target.collectionId ?? (await collectionsApi.create(target.newName ?? "New collection")).id;
      await collectionsApi.add(cid, { kind, id });
      return cid;
    },
    onSuccess: (cid) => {
      void qc.invalidateQueries({ queryKey: ["collections"] });
      void qc.invalidateQueries({ queryKey: ["collection", cid] });
      const name = qc.getQueryData<{ id: string; name: string }[]>(["collections"])?.find((c) => c.id === cid)?.name;
      toast.add({ title: "Added to collection", description: name ? `${title} → ${name}` : title, variant: "success" });
    },
    onError: (e) => toast.add({ title: "Not added", description: (e as Error).message, variant: "warning" }),
  });
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={buttonClass("outline", "md")}>
        <FolderPlus className="h-4 w-4" /> Collect
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 max-h-80 min-w-56 overflow-y-auto rounded-xl border border-slate-200 bg-white p-1 text-sm shadow-xl dark:border-slate-700 dark:bg-slate-900"
        >
          <DropdownMenu.Label className="px-3 py-1.5 text-xs font-semibold tracking-wide text-slate-500 dark:text-slate-400 uppercase">
            Add to collection
          </DropdownMenu.Label>
          {collections.data?.map((c) => (
            <DropdownMenu.Item
              key={c.id}
              onSelect={() => add.mutate({ collectionId: c.id })}
              className="flex cursor-pointer items-center justify-between gap-3 rounded-lg px-3 py-2 outline-none data-[highlighted]:bg-slate-100 dark:data-[highlighted]:bg-slate-800"
            >
              <span className="truncate">{c.name}</span>
              <span className="text-xs text-slate-500 dark:text-slate-400">{c.itemCount}</span>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          <DropdownMenu.Item
            onSelect={() => {
              const name = window.prompt("Name of the new collection");
              if (name?.trim()) add.mutate({ newName: name.trim() });
            }}
            className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-brand-700 outline-none data-[highlighted]:bg-slate-100 dark:text-brand-100 dark:data-[highlighted]:bg-slate-800"
          >
            <Plus className="h-4 w-4" /> New collection…
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
