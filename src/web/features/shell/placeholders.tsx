/**
 * Placeholder screens for features that are not built yet (SPEC.md §2.3): one per feature, shown
 * by the signed-in route table (app-routes.tsx). Kept apart from router.tsx so the two route
 * tables do not import each other.
 */
import { BookOpen, Brain, FileText, GraduationCap, Layers, MessageSquare } from "lucide-react";
import { FeaturePlaceholder } from "./screens";

/** One placeholder element per feature not built yet, keyed by feature. */
export const placeholders = {
  chat: (
    <FeaturePlaceholder
      title="Chat"
      icon={MessageSquare}
      description="Ask legal questions and get answers that cite the topic, case or rule they come from."
    />
  ),
  notes: (
    <FeaturePlaceholder
      title="Notes"
      icon={FileText}
      description="A note editor with templates, tags and links to case briefs."
    />
  ),
  outlines: (
    <FeaturePlaceholder title="Outlines" icon={Layers} description="Drag-and-drop outlines built from your notes." />
  ),
  study: (
    <FeaturePlaceholder
      title="Study"
      icon={Brain}
      description="Flashcards with FSRS spaced repetition, generated cards, quizzes and the question bank."
    />
  ),
  courses: (
    <FeaturePlaceholder
      title="Courses"
      icon={GraduationCap}
      description="Structured video courses by subject, module and lesson."
    />
  ),
  caseLaw: (
    <FeaturePlaceholder
      title="Case law"
      icon={BookOpen}
      description="Full-text search and reading of court opinions, with your briefs beside them."
    />
  ),
};
