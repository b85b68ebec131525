/** An admin page not built yet: an honest 'coming soon' card (registry.tsx `soon`). */
import { FeaturePlaceholder } from "../shell/screens";

export function ComingSoon({ title, description }: { title: string; description: string }) {
  return <FeaturePlaceholder title={title} description={description} />;
}
