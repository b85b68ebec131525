import { Lock } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "../../../components/ui/card";
import type { DeckOverview } from "../api";

/** A deck in the decks grid: title, premium/free badge, card and due counts; links to the deck. */
export function DeckTile({ d }: { d: DeckOverview }) {
  return (
    <Link
      to={`/flashcards/decks/${d.id}`}
      data-testid="deck-tile"
      className="group flex flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-400 hover:shadow-md dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-start justify-between gap-2">
        <p className="line-clamp-2 font-semibold text-slate-900 group-hover:text-brand-700 dark:text-slate-100 dark:group-hover:text-brand-100">
          {d.title}
        </p>
        {d.locked ? (
          <Lock className="h-4 w-4 shrink-0 text-slate-400" aria-label="Premium" />
        ) : d.isOfficial && !d.isFree ? (
          <Badge className="bg-brand-50 text-brand-700 dark:bg-brand-700/20 dark:text-brand-100">premium</Badge>
        ) : d.isFree ? (
          <Badge className="bg-emerald-50 text-emerald-700 dark:bg-emerald-900/30 dark:text-emerald-300">free</Badge>
        ) : null}
      </div>
      {d.description && <p className="mt-1 line-clamp-2 text-sm text-slate-600 dark:text-slate-400">{d.description}</p>}
      <p className="mt-auto pt-3 text-xs text-slate-500">
        {d.total} cards{!d.locked && d.due + d.learning > 0 ? ` · ${d.due + d.learning} due` : ""}
        {!d.locked && d.new ? ` · ${d.new} new` : ""}
      </p>
    </Link>
  );
}
