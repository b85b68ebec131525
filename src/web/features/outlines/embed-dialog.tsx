/**
 * 'Embed…' (issue 16 §2, decision 061): attach a note, a case brief (official or own), an
 * official topic's rule or elements, a provision or a card to the focused entry, by reference.
 * The student pastes the thing's link from the app (`/notes/<id>`, `/cases/<id>`,
 * `/library/topics/<id>`, `/library/provisions/<id>`) or `card:<id>`; the server resolves its
 * text on every read, so later edits show in the outline.
 */
import { useState } from "react";
import type { EmbedKind } from "../../../contract/outlines";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Field, Input } from "../../components/ui/input";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads an app link (or `kind:id`) as an embed reference; null when it is not one. */
export function parseEmbedRef(
  input: string,
  topicPart: "" | "rule" | "elements" = "",
): { kind: EmbedKind; id: string } | null {
  const raw = input.trim();
  const direct = raw.match(/^(note|brief|student_brief|topic|provision|card):(.+)$/);
  if (direct) return { kind: direct[1] as EmbedKind, id: direct[2] };
  let path = raw;
  try {
    path = new URL(raw, "http://x").pathname;
  } catch {
    return null;
  }
  const seg = path.split("/").filter(Boolean).map(decodeURIComponent);
  if (seg[0] === "notes" && seg[1] && UUID.test(seg[1])) return { kind: "note", id: seg[1] };
  if (seg[0] === "cases" && seg[1]) return { kind: UUID.test(seg[1]) ? "student_brief" : "brief", id: seg[1] };
  if (seg[0] === "library" && seg[1] === "topics" && seg[2])
    return { kind: "topic", id: topicPart ? `${seg[2]}#${topicPart}` : seg[2] };
  if (seg[0] === "library" && seg[1] === "provisions" && seg[2]) return { kind: "provision", id: seg[2] };
  return null;
}

export function EmbedDialog({
  open,
  onOpenChange,
  hasEmbed,
  onEmbed,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  hasEmbed: boolean;
  onEmbed: (e: { kind: EmbedKind; id: string } | null) => void;
}) {
  const [link, setLink] = useState("");
  const [part, setPart] = useState<"" | "rule" | "elements">("");
  const ref = parseEmbedRef(link, part);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Embed in this entry">
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (!ref) return;
          onEmbed(ref);
          setLink("");
          onOpenChange(false);
        }}
      >
        <Field
          label="Link"
          htmlFor="embed-link"
          hint="Paste the link of a note, a case brief, a topic or a provision (copy it from the address bar), or card:<id>. It stays live: edit the note and the outline shows it."
        >
          <Input
            id="embed-link"
            autoFocus
            value={link}
            placeholder="/cases/garratt-v-dailey"
            onChange={(e) => setLink(e.target.value)}
          />
        </Field>
        {ref?.kind === "topic" && (
          <Field label="Show" htmlFor="embed-part">
            <select
              id="embed-part"
              value={part}
              onChange={(e) => setPart(e.target.value as typeof part)}
              className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900"
            >
              <option value="">Rule and elements</option>
              <option value="rule">Rule</option>
              <option value="elements">Elements</option>
            </select>
          </Field>
        )}
        {link && !ref && (
          <p className="text-sm text-red-600">That is not a link to a note, brief, topic or provision.</p>
        )}
        <div className="flex justify-end gap-2">
          {hasEmbed && (
            <Button
              type="button"
              variant="ghost"
              onClick={() => {
                onEmbed(null);
                onOpenChange(false);
              }}
            >
              Remove embed
            </Button>
          )}
          <Button type="submit" disabled={!ref}>
            Embed
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
