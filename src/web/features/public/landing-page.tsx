/**
 * The landing page, first edition (issue 2 §9): hero with the §2.2 calls to action, what the
 * product does, pricing and about. The complete §2.2 page is issue 7.
 */
import { BookOpen, Brain, FileText, GraduationCap, Layers, MessageSquareQuote, Video } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "../../components/ui/button";
import { useMe } from "../../lib/session";
import { useBrand } from "./brand";

const FEATURES = [
  { id: "chat", icon: MessageSquareQuote, title: "A companion that cites its sources", text: "Ask about a rule, a distinction or a fact pattern. Every answer links to the topic, brief or rule it came from, and when it does not know, it says so.", to: "/chat" },
  { id: "caselaw", icon: BookOpen, title: "Case briefs you can trust", text: "Landmark cases briefed in plain words: facts, procedural history, issue, rule, holding, reasoning and what to remember for the exam.", to: "/cases" },
  { id: "notes", icon: FileText, title: "Notes that link to cases", text: "Write class notes with templates for IRAC answers, case briefs and outlines; mention a case and it links to its brief.", to: "/notes" },
  { id: "outlines", icon: Layers, title: "Outlines from your notes", text: "Drag your notes and rules into an outline for each subject, ready for exam day.", to: "/outlines" },
  { id: "study", icon: Brain, title: "Flashcards with real spaced repetition", text: "FSRS scheduling like Anki, official decks for all seven MBE subjects, cards generated from your own briefs, and timed MBE-style quizzes.", to: "/flashcards" },
  { id: "courses", icon: Video, title: "Structured video courses", text: "Short lessons organised by subject and module, alongside the rest of your study material.", to: "/courses" },
];

export default function LandingPage() {
  const { data: me } = useMe();
  const brand = useBrand();
  const cta = me ? { label: "Start Chatting", to: "/chat" } : { label: "Start free today", to: "/auth?tab=signup" };
  return (
    <div>
      <section id="top" className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-white px-4 pt-20 pb-24 dark:from-slate-900 dark:to-slate-950">
        <div className="mx-auto max-w-4xl text-center">
          <p className="mb-4 inline-flex rounded-full bg-brand-100 px-3 py-1 text-sm font-medium text-brand-800 dark:bg-brand-800/40 dark:text-brand-100">Launching Soon - Stay tuned!</p>
          <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-6xl dark:text-white">Study law with answers you can check.</h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600 dark:text-slate-300">
            {brand.name} is the study companion for law students and bar-exam takers: cited answers, case briefs, notes, flashcards with spaced repetition and MBE-style practice — in one place.
          </p>
          <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <Link to={cta.to} className={buttonClass("primary", "lg")}>{cta.label}</Link>
            <a href="#pricing" className={buttonClass("outline", "lg")}>See pricing</a>
          </div>
          <p className="mt-4 text-sm text-slate-500">Start with a 7-day free trial — full Unlimited access, no credit card required.</p>
        </div>
      </section>

      <section id="problem" className="mx-auto max-w-4xl px-4 py-16 text-center">
        <h2 className="text-3xl font-bold tracking-tight">Law school hands you a library. You need a method.</h2>
        <p className="mt-4 text-lg text-slate-600 dark:text-slate-400">
          Casebooks, outlines, flashcards and practice questions live in different places, and AI tools answer confidently without telling you where the law came from. {brand.name} keeps your material together and shows its sources.
        </p>
      </section>

      <section className="mx-auto grid max-w-6xl gap-6 px-4 pb-20 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map((f) => (
          <Link key={f.id} id={f.id} to={f.to} className="group rounded-2xl border border-slate-200 bg-white p-6 transition hover:border-brand-500 hover:shadow-md dark:border-slate-800 dark:bg-slate-900">
            <f.icon className="h-8 w-8 text-brand-700 dark:text-brand-500" aria-hidden />
            <h3 className="mt-4 text-lg font-semibold">{f.title}</h3>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{f.text}</p>
          </Link>
        ))}
      </section>

      <section id="pricing" className="bg-slate-50 px-4 py-20 dark:bg-slate-900/50">
        <div className="mx-auto max-w-4xl">
          <h2 className="text-center text-3xl font-bold tracking-tight">Simple pricing</h2>
          <div className="mt-10 grid gap-6 md:grid-cols-2">
            <div className="rounded-2xl border border-slate-200 bg-white p-8 dark:border-slate-800 dark:bg-slate-900">
              <h3 className="text-lg font-semibold">Free</h3>
              <p className="mt-2 text-4xl font-bold">$0</p>
              <ul className="mt-6 space-y-2 text-sm text-slate-600 dark:text-slate-400">
                <li>10 AI chat messages per month</li>
                <li>Case briefs</li>
              </ul>
              <Link to={me ? "/chat" : "/auth?tab=signup"} className={buttonClass("outline", "md", "mt-8 w-full")}>Start For Free</Link>
            </div>
            <div className="rounded-2xl border-2 border-brand-600 bg-white p-8 dark:bg-slate-900">
              <h3 className="text-lg font-semibold">Unlimited</h3>
              <p className="mt-2 text-4xl font-bold">$10<span className="text-base font-normal text-slate-500">/month</span></p>
              <ul className="mt-6 space-y-2 text-sm text-slate-600 dark:text-slate-400">
                <li>Unlimited chat with cited answers</li>
                <li>Case briefs, notes and outlines</li>
                <li>Flashcards, question bank and quizzes</li>
                <li>Video courses</li>
              </ul>
              <Link to={me ? "/settings" : "/auth?tab=signup"} className={buttonClass("primary", "md", "mt-8 w-full")}>Start with a 7-day free trial</Link>
            </div>
          </div>
        </div>
      </section>

      <section id="about-section" className="mx-auto max-w-3xl px-4 py-20 text-center">
        <GraduationCap className="mx-auto h-10 w-10 text-brand-700" aria-hidden />
        <h2 className="mt-4 text-3xl font-bold tracking-tight">About</h2>
        <p className="mt-4 text-lg text-slate-600 dark:text-slate-400">
          {brand.name} is built by people who sat through 1L and the bar and wanted one honest tool: open source, self-hostable, and careful about where its law comes from.
        </p>
      </section>
    </div>
  );
}
