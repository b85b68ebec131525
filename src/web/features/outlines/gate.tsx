/** Outlines are Unlimited / Trial (SPEC.md §6 `outline_iq`): Free accounts see the upgrade card. */
import type { ReactNode } from "react";
import { Spinner } from "../../components/ui/card";
import { useMe } from "../../lib/session";
import { UpgradeCard } from "../shell/screens";

export function OutlinesGate({ children }: { children: ReactNode }) {
  const { data: me, isPending } = useMe();
  if (isPending) return <Spinner className="m-10 text-brand-700" />;
  if (me && !me.features.outline_iq)
    return (
      <div className="mx-auto max-w-3xl">
        <h1 className="text-2xl font-bold tracking-tight">Outlines</h1>
        <div className="mt-8">
          <UpgradeCard feature="Outlines" />
        </div>
      </div>
    );
  return <>{children}</>;
}
