/** Placeholder until built in this branch. */
import { ComingSoon } from "./coming-soon";

export default function Page() {
  return <ComingSoon title="user-page" description="Being built." />;
}
