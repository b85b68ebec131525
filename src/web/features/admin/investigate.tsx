/**
 * "Mark investigated with a note" (issue 17 §2 security and error-logs pages): the status cell,
 * the row button and the dialog that PATCHes `{ investigated, note, reason }` to the item's
 * endpoint. The reason goes to the audit log (ReasonDialog); the note stays with the item.
 *
 *   <InvestigateDialog item={marking} endpoint={`/api/admin/security/csp/${id}`} noun="report"
 *     onClose={() => setMarking(null)} />
 */
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/input";
import { api } from "../../lib/api";
import { StatusPill, textareaClass } from "./ops/ops-ui";
import { ReasonDialog } from "./reason-dialog";

/** Anything that can be investigated: its state and the note kept with it. */
export interface Investigable {
  investigated: boolean;
  note: string | null;
}

/** The status cell: Investigated / Open, and the note under it. */
export function InvestigatedStatus({ item }: { item: Investigable }) {
  return (
    <div className="space-y-1">
      <StatusPill ok={item.investigated}>{item.investigated ? "Investigated" : "Open"}</StatusPill>
      {item.note && <p className="max-w-48 text-xs text-slate-500">{item.note}</p>}
    </div>
  );
}

/** The row button: Investigate, or Reopen once investigated. */
export function InvestigateButton({ item, onClick }: { item: Investigable; onClick: () => void }) {
  return (
    <Button
      size="sm"
      variant="outline"
      onClick={(e) => {
        e.stopPropagation();
        onClick();
      }}
    >
      {item.investigated ? "Reopen" : "Investigate"}
    </Button>
  );
}

/**
 * Marks `item` investigated (or reopens it) with a note and a reason; `children` show above the
 * note (e.g. the stack trace). Lists refresh on success. Rendered only while an item is chosen.
 */
export function InvestigateDialog({
  item,
  endpoint,
  noun,
  description,
  noteHint,
  children,
  onClose,
}: {
  item: Investigable;
  endpoint: string;
  /** What is reopened: "error group", "report". */
  noun: string;
  description?: string;
  noteHint?: string;
  children?: ReactNode;
  onClose: () => void;
}) {
  const qc = useQueryClient();
  const [note, setNote] = useState(item.note ?? "");
  const investigated = !item.investigated;
  return (
    <ReasonDialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={investigated ? "Mark investigated" : `Reopen ${noun}`}
      description={description}
      confirmLabel={investigated ? "Mark investigated" : "Reopen"}
      onConfirm={async (reason) => {
        await api(endpoint, { method: "PATCH", body: { investigated, note, reason } });
        await qc.invalidateQueries({ queryKey: ["admin-list"] });
      }}
    >
      {children}
      <Field label="Note" htmlFor="investigate-note" hint={noteHint}>
        <textarea
          id="investigate-note"
          className={textareaClass}
          rows={2}
          maxLength={2000}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </Field>
    </ReasonDialog>
  );
}
