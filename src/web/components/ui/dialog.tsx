/**
 * The one modal dialog of the app, on Radix Dialog: role="dialog" named by its title
 * (aria-labelledby) and described by `description` when given; focus moves into it on open, stays
 * trapped while open and returns on close to the element that had it on open (when that element is
 * still in the page); Escape and a click on the backdrop close it (both call `onOpenChange(false)`).
 *
 * Keep it out of the signed-in shell's first chunk (docs/decisions/019-chat-ui.md): shell parts
 * that need a dialog load it lazily.
 */
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { clsx } from "clsx";
import { X } from "lucide-react";
import { type ReactNode, useRef } from "react";

const widths = {
  sm: "max-w-md",
  md: "max-w-lg",
  lg: "max-w-xl",
  xl: "max-w-2xl",
  "2xl": "max-w-3xl",
} as const;

export type DialogSize = keyof typeof widths;

export interface DialogProps {
  open: boolean;
  /** Called with `false` on Escape, a backdrop click or the close button. */
  onOpenChange: (open: boolean) => void;
  /** The dialog's accessible name, shown as its heading. */
  title: string;
  /** A line under the title; also the dialog's accessible description. */
  description?: ReactNode;
  children: ReactNode;
  /** Maximum width: sm 28rem · md 32rem (default) · lg 36rem · xl 42rem · 2xl 48rem. */
  size?: DialogSize;
  /** Show the ✕ button in the corner (default true; confirmations with a Cancel button may omit it). */
  closeButton?: boolean;
  /** Extra classes for the dialog box. */
  className?: string;
}

/** A modal dialog; see the module comment for its keyboard and screen-reader behaviour. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  size = "md",
  closeButton = true,
  className,
}: DialogProps) {
  // Radix returns focus to a Dialog.Trigger; these dialogs are opened by ordinary buttons and
  // menu items, so remember what had focus on open and give it back on close.
  // Read during render: by the time Radix's open handlers run, an `autoFocus` field inside has
  // already taken focus.
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current && typeof document !== "undefined")
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  wasOpen.current = open;
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/40 backdrop-blur-[2px]" />
        <DialogPrimitive.Content
          className={clsx(
            "fixed top-1/2 left-1/2 z-50 max-h-[88vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-slate-200 bg-white p-6 text-slate-900 shadow-2xl dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100",
            widths[size],
            className,
          )}
          onCloseAutoFocus={(e) => {
            const el = opener.current;
            opener.current = null;
            if (el?.isConnected && el !== document.body) {
              e.preventDefault();
              el.focus();
            }
          }}
          // Without a description Radix expects this to be explicitly unset.
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <div className="flex items-start justify-between gap-4">
            <div className="min-w-0">
              <DialogPrimitive.Title className="text-lg font-semibold">{title}</DialogPrimitive.Title>
              {description && (
                <DialogPrimitive.Description className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                  {description}
                </DialogPrimitive.Description>
              )}
            </div>
            {closeButton && (
              <DialogPrimitive.Close
                className="shrink-0 rounded-md p-1 text-slate-500 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800"
                aria-label="Close"
              >
                <X className="h-4 w-4" />
              </DialogPrimitive.Close>
            )}
          </div>
          <div className="mt-5">{children}</div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** A close control for dialog bodies (e.g. a Cancel button): wraps its single child. */
export const DialogClose = DialogPrimitive.Close;
