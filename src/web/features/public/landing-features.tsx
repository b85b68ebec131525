/**
 * The problem and the six feature sections of the landing page (SPEC.md §2.2 anchors problem,
 * caselaw, notes, outlines, study, chat, courses). Copy says what the product does; numbers are
 * counted from the official content; pictures are real screenshots or real content.
 */
import { clsx } from "clsx";
import { ArrowRight, BookOpen, Brain, FileText, Layers, ListTree, Tags, Video } from "lucide-react";
import type { LandingData } from "../../../contract/landing";
import { useBrand } from "./brand";
import { ChatDemos } from "./chat-demos";
import { FlashcardViewer } from "./flashcard-viewer";
import { Island } from "./island";
import { screenshotFor } from "./screenshots";
import { ScreenshotThumb } from "./screenshot-thumb";
import { SiteLink } from "./site";

export function SectionHeading({
  eyebrow,
  title,
  text,
  center = false,
}: {
  eyebrow: string;
  title: string;
  text?: string;
  center?: boolean;
}) {
  return (
    <div className={clsx("max-w-2xl", center && "mx-auto text-center")}>
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">{eyebrow}</p>
      <h2 className="mt-3 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl dark:text-white">
        {title}
      </h2>
      {text && <p className="mt-4 text-lg leading-8 text-pretty text-slate-600 dark:text-slate-400">{text}</p>}
    </div>
  );
}

export function ProblemSection() {
  const brand = useBrand();
  const bar = brand.id === "bar";
  const problems = [
    {
      title: "Scattered material",
      text: bar
        ? "Outlines from one course, flashcards from another, practice questions in a third. Nothing knows what you already learned."
        : "Casebooks, class notes, outlines and flashcards live in different apps and binders, and none of them talk to each other.",
    },
    {
      title: "Answers without sources",
      text: "General chatbots answer with confidence and rarely say where a rule comes from, so a rule and a guess look the same.",
    },
    {
      title: "Review that doesn't stick",
      text: "Rereading feels productive, but recalling a rule on a spaced schedule is what makes it stay. Few study tools plan that for you.",
    },
  ];
  return (
    <section id="problem" className="px-4 py-20 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-6xl">
        <SectionHeading
          center
          eyebrow="The problem"
          title={
            bar ? "Seven subjects, one exam, no time to waste." : "Law school hands you a library. You need a method."
          }
          text={`${brand.name} keeps your material in one place, connects it, and shows where every answer comes from.`}
        />
        <div className="mt-14 grid grid-cols-1 gap-6 md:grid-cols-3">
          {problems.map((p, i) => (
            <div
              key={p.title}
              className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
            >
              <p className="font-mono text-sm text-slate-500 dark:text-slate-400">0{i + 1}</p>
              <h3 className="mt-2 text-lg font-semibold">{p.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-400">{p.text}</p>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

interface FeatureProps {
  id: string;
  icon: React.ComponentType<{ className?: string }>;
  eyebrow: string;
  title: string;
  text: string;
  points: string[];
  link: { label: string; to: string };
  visual: React.ReactNode;
  flip?: boolean;
  tint?: boolean;
}

function FeatureSection({ id, icon: Icon, eyebrow, title, text, points, link, visual, flip, tint }: FeatureProps) {
  return (
    <section id={id} className={clsx("px-4 py-20 sm:px-6 sm:py-24", tint && "bg-slate-50 dark:bg-slate-900/40")}>
      <div
        className={clsx(
          "mx-auto grid max-w-6xl grid-cols-1 items-center gap-12 lg:grid-cols-2 lg:gap-16",
          flip && "lg:[&>*:first-child]:order-2",
        )}
      >
        <div>
          <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-brand-700 text-white shadow-lg shadow-brand-700/25">
            <Icon className="h-5 w-5" />
          </span>
          <div className="mt-5">
            <SectionHeading eyebrow={eyebrow} title={title} text={text} />
          </div>
          <ul className="mt-6 space-y-3">
            {points.map((p) => (
              <li key={p} className="flex gap-3 text-slate-700 dark:text-slate-300">
                <span className="mt-2.5 h-1.5 w-1.5 shrink-0 rounded-full bg-brand-600" aria-hidden />
                {p}
              </li>
            ))}
          </ul>
          <SiteLink
            href={link.to}
            className="mt-8 inline-flex items-center gap-1.5 font-semibold text-brand-700 hover:gap-2.5 hover:underline dark:text-brand-300"
            style={{ transition: "gap 150ms" }}
          >
            {link.label} <ArrowRight className="h-4 w-4" aria-hidden />
          </SiteLink>
        </div>
        <div className="min-w-0">{visual}</div>
      </div>
    </section>
  );
}

/** A picture for a feature: its real screenshot when one was captured, else the given fallback. */
function Visual({ feature, fallback }: { feature: string; fallback: React.ReactNode }) {
  const shot = screenshotFor(feature);
  return shot ? <ScreenshotThumb shot={shot} large /> : fallback;
}

function IconPanel({
  items,
}: {
  items: { icon: React.ComponentType<{ className?: string }>; title: string; text: string }[];
}) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      {items.map((it) => (
        <div
          key={it.title}
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-950"
        >
          <it.icon className="h-5 w-5 text-brand-700 dark:text-brand-300" />
          <p className="mt-3 font-semibold">{it.title}</p>
          <p className="mt-1 text-sm leading-6 text-slate-600 dark:text-slate-400">{it.text}</p>
        </div>
      ))}
    </div>
  );
}

export function FeatureSections({ data, initialCards }: { data: LandingData; initialCards: string[] }) {
  const { counts, briefs } = data.proof;
  const sample = briefs[0];
  return (
    <>
      <FeatureSection
        id="caselaw"
        icon={BookOpen}
        eyebrow="Case Briefs"
        title="Case briefs you can trust."
        text="Landmark cases briefed in plain words: facts, procedural history, issue, rule, holding, reasoning, and what to remember for the exam."
        points={[
          `${counts.briefs} official briefs across nine subjects, each with its reporter citation, court and year.`,
          "Each brief links to the doctrines it teaches, and each doctrine to its cases.",
          "Majority and dissent side by side where the split is what gets tested.",
        ]}
        link={{ label: "Open Case Briefs", to: "/cases" }}
        visual={
          <Visual
            feature="caselaw"
            fallback={
              sample && (
                <article className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-slate-900/5 dark:border-slate-800 dark:bg-slate-950">
                  <p className="text-xs font-semibold tracking-wider text-slate-500 uppercase">Case brief</p>
                  <h3 className="mt-2 text-xl font-semibold italic">{sample.name}</h3>
                  <p className="text-sm text-slate-500">
                    {sample.citation} ({sample.court}, {sample.year})
                  </p>
                  <p className="mt-4 text-xs font-semibold tracking-wider text-brand-700 uppercase dark:text-brand-300">
                    Holding
                  </p>
                  <p className="mt-1 text-sm leading-6 text-slate-700 dark:text-slate-300">{sample.holding}</p>
                </article>
              )
            }
          />
        }
      />
      <FeatureSection
        id="notes"
        tint
        flip
        icon={FileText}
        eyebrow="Notes"
        title="Notes that know your cases."
        text="Write class notes in a real editor, start from templates for case briefs, IRAC answers and outlines, and mention a case to link its brief."
        points={[
          "Templates for briefs, IRAC answers and outline sections.",
          "Tags and case links, so a note finds its way back to the doctrine.",
          "Your notes are private to your account.",
        ]}
        link={{ label: "Open Notes", to: "/notes" }}
        visual={
          <Visual
            feature="notes"
            fallback={
              <IconPanel
                items={[
                  {
                    icon: FileText,
                    title: "Templates",
                    text: "Case brief, IRAC answer and outline section, ready to fill.",
                  },
                  { icon: Tags, title: "Tags", text: "Group notes by course, doctrine or exam." },
                  { icon: BookOpen, title: "Case links", text: "Mention a case and the note links to its brief." },
                  { icon: Layers, title: "Into outlines", text: "Drag a note into your outline when it's ready." },
                ]}
              />
            }
          />
        }
      />
      <FeatureSection
        id="outlines"
        icon={ListTree}
        eyebrow="Outlines"
        title="Outlines you build, not buy."
        text="Drag your notes and rule statements into an outline for each course, nest and reorder them as the semester goes, and walk into the exam with a structure you made yourself."
        points={[
          "Drag-and-drop sections and sub-sections.",
          "Built from your own notes, so nothing is copied twice.",
          "An archive for last semester's outlines.",
        ]}
        link={{ label: "Open Outlines", to: "/outlines" }}
        visual={
          <Visual
            feature="outlines"
            fallback={
              <IconPanel
                items={[
                  {
                    icon: ListTree,
                    title: "Structure",
                    text: "Subjects, doctrines, elements, exceptions: the order you think in.",
                  },
                  { icon: Layers, title: "From notes", text: "Pull in the notes you already wrote." },
                ]}
              />
            }
          />
        }
      />
      <FeatureSection
        id="study"
        tint
        flip
        icon={Brain}
        eyebrow="Study"
        title="Flashcards that schedule themselves."
        text="Review with FSRS, the spaced-repetition scheduler modern Anki uses: each card comes back just before you would forget it. Try a few real cards from our decks here."
        points={[
          `${counts.cards} official flashcards and ${counts.questions} MBE-style practice questions.`,
          "Quizzes from the question bank, with an explanation for every answer choice.",
          "Cards from your own briefs and notes.",
        ]}
        link={{ label: "Open Study", to: "/flashcards" }}
        visual={
          <Island name="flashcards" props={{ cards: data.demoCards, initial: initialCards }}>
            <FlashcardViewer cards={data.demoCards} initial={initialCards} />
          </Island>
        }
      />
      <section id="chat" className="px-4 py-20 sm:px-6 sm:py-24">
        <div className="mx-auto max-w-6xl">
          <div className="flex flex-col gap-6 lg:flex-row lg:items-end lg:justify-between">
            <SectionHeading
              eyebrow="Chat"
              title="A companion that shows its work."
              text="Ask about a rule, a distinction, a case or a whole topic. Answers come from the official content and list their sources; when there is no source, the companion says so instead of guessing. These four examples are built from that content, word for word."
            />
            <SiteLink
              href="/chat"
              className="inline-flex shrink-0 items-center gap-1.5 font-semibold text-brand-700 hover:underline dark:text-brand-300"
            >
              Open Chat <ArrowRight className="h-4 w-4" aria-hidden />
            </SiteLink>
          </div>
          <div className="mt-12">
            <ChatDemos demos={data.chatDemos} />
          </div>
        </div>
      </section>
      <FeatureSection
        id="courses"
        tint
        icon={Video}
        eyebrow="Courses"
        title="Video courses, in order."
        text="Short lessons organised by subject and module, alongside the briefs, cards and questions for the same topics."
        points={[
          "Subjects broken into modules and lessons.",
          "Pick up where you left off.",
          "Free courses open to everyone; the rest come with Unlimited.",
        ]}
        link={{ label: "Open Courses", to: "/courses" }}
        visual={
          <div
            className="rounded-2xl border border-dashed border-brand-300 bg-white p-8 text-center dark:border-brand-700/60 dark:bg-slate-950"
            data-testid="launching-soon"
          >
            <Video className="mx-auto h-10 w-10 text-brand-700 dark:text-brand-300" aria-hidden />
            <p className="mt-4 text-xl font-semibold">Launching Soon - Stay tuned!</p>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              The first courses are in the works. We will announce them here when they open.
            </p>
          </div>
        }
      />
    </>
  );
}
