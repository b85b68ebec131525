/**
 * Features that are not built yet (SPEC.md §2.3): one 'coming soon' screen per feature, shown by
 * the signed-in route table (app-routes.tsx), and the roadmap (misc-pages.tsx) that is generated
 * from the same list: a feature listed here is 'Planned', every other is 'Shipped' (issue 12
 * item 25). Kept apart from router.tsx so the two route tables do not import each other.
 */
import { Layers } from "lucide-react";
import { FeaturePlaceholder } from "./screens";

/** One placeholder element per feature not built yet, keyed by feature. */
export const placeholders = {
  outlines: (
    <FeaturePlaceholder title="Outlines" icon={Layers} description="Drag-and-drop outlines built from your notes." />
  ),
};

export type FeatureKey = "accounts" | "chat" | "library" | "caseLaw" | "notes" | "study" | "outlines" | "courses";

/** Every feature of SPEC.md §1 with the route a student opens it at, in roadmap order. */
export const FEATURES: { key: FeatureKey; title: string; to: string }[] = [
  { key: "accounts", title: "Accounts, settings and plans", to: "/settings/account" },
  { key: "chat", title: "Study companion with cited answers", to: "/chat" },
  {
    key: "library",
    title: "Official content for the MBE subjects, Business Associations and Professional Responsibility",
    to: "/library",
  },
  { key: "caseLaw", title: "Case law library, briefs and collections", to: "/cases" },
  { key: "notes", title: "Notes with templates, tags and case links", to: "/notes" },
  { key: "study", title: "Flashcards with FSRS, quizzes and question bank", to: "/flashcards/study" },
  { key: "outlines", title: "Outlines", to: "/outlines/library" },
  { key: "courses", title: "Video courses", to: "/courses" },
];

/** 'Planned' while the feature's routes show a placeholder, otherwise 'Shipped'. */
export const featureStatus = (key: FeatureKey): "Shipped" | "Planned" => (key in placeholders ? "Planned" : "Shipped");
