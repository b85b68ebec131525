/** /cases/new: a new brief of an opinion (?opinion=), or from scratch with the case's heading fields (?name=…). */
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { SUBJECT_IDS } from "../../../contract/content";
import { Spinner } from "../../components/ui/card";
import { caseLawApi } from "../case-law/api";
import { NotFoundPage } from "../shell/screens";
import type { BriefDraft } from "./api";
import { BriefEditor } from "./brief-editor";

/** The brief editor, filled from the opinion or the query string. */
export function NewBriefPage() {
  const [params] = useSearchParams();
  const opinionId = params.get("opinion");
  const opinion = useQuery({
    queryKey: ["case-law", "opinion", opinionId],
    queryFn: () => caseLawApi.get(opinionId!),
    enabled: !!opinionId,
  });
  if (opinionId && opinion.isPending) return <Spinner className="m-10 text-brand-700" />;
  if (opinionId && opinion.error) return <NotFoundPage />;
  const o = opinion.data;
  // Without an opinion, "Write your own" on an official brief passes the case's heading fields.
  const year = Number(params.get("year"));
  const subject = params.get("subject");
  const initial: BriefDraft = {
    opinionId: o?.id ?? null,
    name: o?.name ?? params.get("name") ?? "",
    citation: o?.citation ?? (params.get("citation") || null),
    court: o?.court ?? (params.get("court") || null),
    year: o?.year ?? (Number.isInteger(year) && year > 1000 && year < 3000 ? year : null),
    subjectId: o?.subjectId ?? ((SUBJECT_IDS as readonly string[]).includes(subject ?? "") ? subject : null),
    sections: {} as BriefDraft["sections"],
  };
  return <BriefEditor initial={initial} opinionName={o?.name} />;
}
