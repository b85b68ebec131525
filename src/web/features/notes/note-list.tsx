/** The list of notes in the /notes sidebar. */
import { clsx } from "clsx";
import { Link } from "react-router";
import { Spinner } from "../../components/ui/card";
import { type notesApi, relativeTime } from "./api";

/** One row of `GET /api/notes` (title, snippet or excerpt, tags, updatedAt). */
type NoteRow = Awaited<ReturnType<typeof notesApi.list>>["notes"][number];

/**
 * The notes as links to /notes/:id (keeping the list's query string `search`), the open one marked
 * aria-current; a spinner while `pending`; an empty message that depends on `filtered`.
 */
export function NoteList({
  notes,
  pending,
  filtered,
  openId,
  search,
}: {
  notes: NoteRow[] | undefined;
  pending: boolean;
  filtered: boolean;
  openId: string | undefined;
  search: string;
}) {
  return (
    <nav className="flex-1 overflow-y-auto px-2 pb-6" aria-label="Notes">
      {pending ? (
        <Spinner className="m-6 text-brand-700" />
      ) : !notes?.length ? (
        <p className="px-3 py-8 text-center text-sm text-slate-500 dark:text-slate-400">
          {filtered ? "No note matches." : "No notes yet. Start one with New."}
        </p>
      ) : (
        <ul className="space-y-0.5">
          {notes.map((n) => (
            <li key={n.id}>
              <Link
                to={`/notes/${n.id}${search}`}
                aria-current={n.id === openId ? "page" : undefined}
                data-testid="note-row"
                className={clsx(
                  "block rounded-lg px-3 py-2.5 transition-colors",
                  n.id === openId
                    ? "bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700"
                    : "hover:bg-white/70 dark:hover:bg-slate-800/50",
                )}
              >
                <div className="flex items-baseline justify-between gap-2">
                  <span className="line-clamp-1 text-sm font-semibold">{n.title}</span>
                  <span className="shrink-0 text-[11px] text-slate-500 dark:text-slate-400">
                    {relativeTime(n.updatedAt)}
                  </span>
                </div>
                {n.snippet ? (
                  <p
                    className="snippet mt-0.5 line-clamp-2 text-xs text-slate-500 dark:text-slate-400"
                    dangerouslySetInnerHTML={{ __html: n.snippet }}
                  />
                ) : (
                  <p className="mt-0.5 line-clamp-2 text-xs text-slate-500 dark:text-slate-400">
                    {n.excerpt || "Empty note"}
                  </p>
                )}
                {n.tags.length > 0 && (
                  <div className="mt-1.5 flex flex-wrap gap-1">
                    {n.tags.map((t) => (
                      <span
                        key={t.id}
                        className="rounded-full bg-slate-200/70 px-2 py-px text-[10px] font-medium text-slate-600 dark:bg-slate-700 dark:text-slate-300"
                      >
                        {t.name}
                      </span>
                    ))}
                  </div>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
