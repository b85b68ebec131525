/**
 * The confirmation every admin action goes through (issue 17 §3): a dialog with the action's
 * description, optional extra fields, and a required 'Reason' (3–500 characters) that is sent
 * with the request and kept in the audit log. `onConfirm(reason)` runs the request; its error
 * message is shown in the dialog, success closes it.
 */
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { Dialog, type DialogSize } from "../../components/ui/dialog";
import { Field, inputClass } from "../../components/ui/input";

export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  destructive,
  size,
  children,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  confirmLabel: string;
  destructive?: boolean;
  /** Dialog width (default md); forms with long text take lg or xl. */
  size?: DialogSize;
  children?: React.ReactNode;
  onConfirm: (reason: string) => Promise<unknown>;
}) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const short = reason.trim().length < 3;
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) {
          setReason("");
          setError(null);
        }
        onOpenChange(o);
      }}
      title={title}
      description={description}
      size={size}
    >
      <form
        className="space-y-4"
        onSubmit={async (e) => {
          e.preventDefault();
          if (short) return setError("Say why (at least 3 characters): the reason is kept in the audit log.");
          setBusy(true);
          setError(null);
          try {
            await onConfirm(reason.trim());
            setReason("");
            onOpenChange(false);
          } catch (err) {
            setError((err as Error).message);
          } finally {
            setBusy(false);
          }
        }}
      >
        {children}
        <Field label="Reason" htmlFor="admin-reason" error={error} hint="Kept in the audit log.">
          <textarea
            id="admin-reason"
            className={inputClass}
            rows={2}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            required
          />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" variant={destructive ? "destructive" : "primary"} disabled={busy}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
