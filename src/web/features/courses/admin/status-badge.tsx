/** A course's status as a coloured badge (course editor). */
import { Badge } from "../../../components/ui/card";
import { type CourseStatus, STATUS_LABEL } from "./api";

const TONE: Record<CourseStatus, string> = {
  published: "bg-emerald-100 text-emerald-900 dark:bg-emerald-500/15 dark:text-emerald-200",
  draft: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
  archived: "bg-red-100 text-red-900 dark:bg-red-500/15 dark:text-red-200",
  coming_soon: "bg-sky-100 text-sky-900 dark:bg-sky-500/15 dark:text-sky-200",
};

export function StatusBadge({ status }: { status: CourseStatus }) {
  return <Badge className={TONE[status]}>{STATUS_LABEL[status]}</Badge>;
}
