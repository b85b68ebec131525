/**
 * "Delete conversation?" — the confirmation before a thread is deleted from the sidebar. Loaded
 * lazily by thread-list.tsx (decision 019: Radix stays out of the signed-in shell's first chunk).
 */
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import type { Thread } from "./api";

/** Open while mounted; Cancel, Escape or the backdrop call `onClose`, Delete calls `onConfirm` then `onClose`. */
export default function DeleteThreadDialog({
  thread,
  onClose,
  onConfirm,
}: {
  thread: Thread;
  onClose: () => void;
  onConfirm: (t: Thread) => void;
}) {
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title="Delete conversation?"
      description={`“${thread.title}” and all of its messages will be deleted. This cannot be undone.`}
      size="sm"
      closeButton={false}
    >
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button
          variant="destructive"
          onClick={() => {
            onConfirm(thread);
            onClose();
          }}
        >
          Delete
        </Button>
      </div>
    </Dialog>
  );
}
