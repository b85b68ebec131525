/**
 * The second half of the landing page (SPEC.md §2.2): non-services (six cards and 'Get the Good
 * Stuff'), payoff, the signed-in 'Share the Love, Earn Rewards' section, About Me,
 * why-{product}, and proof — things a visitor can check, counted or quoted from the official
 * content. Static: no JavaScript.
 */
import {
  BadgeCheck,
  BookMarked,
  CircleSlash,
  Gift,
  Lock,
  Quote,
  Scale,
  ServerCog,
  Sparkles,
  Target,
} from "lucide-react";
import type { ProofData } from "../../../contract/landing";
import { useBrand } from "./brand";
import { SectionHeading } from "./landing-features";
import { type Session, SiteLink } from "./site";

/** A white button for dark and brand-coloured bands. */
const LIGHT_BUTTON =
  "inline-flex h-12 items-center justify-center gap-2 rounded-lg bg-white px-6 text-base font-semibold text-slate-900 shadow-sm transition-colors hover:bg-slate-100";

const NON_SERVICES = [
  {
    title: "Boring lectures",
    text: "No hours of recordings to sit through. Ask the question you actually have and read a cited answer.",
  },
  {
    title: "Textbooks",
    text: "No doorstop casebook needed to follow a case: the brief gives you facts, rule and holding in plain words.",
  },
  {
    title: "Workbooks",
    text: "No fill-in-the-blank drills. Practice questions explain why each answer choice is right or wrong.",
  },
  {
    title: "Hornbooks",
    text: "No treatise to wade through. Each doctrine is a rule statement, its elements, exceptions and the traps exams set.",
  },
  {
    title: "Analytics",
    text: "No dashboards of vanity metrics. Study shows what is due today, and that is the number that matters.",
  },
  {
    title: "Ugly people",
    text: "No leaderboards, no strangers in your notes, nobody grading you. Just you and your material.",
  },
];

export function NonServicesSection({ session }: { session: Session | null }) {
  return (
    <section id="non-services" className="bg-slate-950 px-4 py-20 text-white sm:px-6 sm:py-24 dark:bg-black">
      <div className="mx-auto max-w-6xl">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-wide text-brand-100 uppercase">Non-Services</p>
          <h2 className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            What you will not find here.
          </h2>
          <p className="mt-4 text-lg leading-8 text-slate-300">
            Six things we left out on purpose, so the time you have goes into the material.
          </p>
        </div>
        <div className="mt-12 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="non-services">
          {NON_SERVICES.map((n) => (
            <div key={n.title} className="rounded-2xl border border-white/10 bg-white/5 p-6" data-testid="non-service">
              <div className="flex items-center gap-2">
                <CircleSlash className="h-5 w-5 text-rose-300" aria-hidden />
                <h3 className="text-lg font-semibold decoration-rose-300/70 decoration-2">{n.title}</h3>
              </div>
              <p className="mt-3 text-sm leading-6 text-slate-300">{n.text}</p>
            </div>
          ))}
        </div>
        <div className="mt-12">
          <SiteLink href={session ? "/chat" : "/auth?tab=signup"} className={LIGHT_BUTTON}>
            Get the Good Stuff
          </SiteLink>
        </div>
      </div>
    </section>
  );
}

export function PayoffSection() {
  const brand = useBrand();
  const items = [
    {
      icon: Target,
      title: "Rules you can state",
      text: "Rule statements and flashcards until the elements come out in order, on cue.",
    },
    {
      icon: Scale,
      title: "Cases you can explain",
      text: "Facts, holding and reasoning in your own words, tied to the doctrine they teach.",
    },
    {
      icon: BadgeCheck,
      title: "Practice you can check",
      text: "Questions with explanations for every choice, and answers with their sources.",
    },
  ];
  return (
    <section id="payoff" className="px-4 py-20 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-6xl">
        <SectionHeading
          center
          eyebrow="The payoff"
          title={
            brand.id === "bar"
              ? "Walk into the bar knowing where every rule came from."
              : "Walk into the exam knowing where every rule came from."
          }
        />
        <div className="mt-14 grid grid-cols-1 gap-8 md:grid-cols-3">
          {items.map((it) => (
            <div key={it.title} className="text-center">
              <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 dark:bg-brand-700/20 dark:text-brand-100">
                <it.icon className="h-6 w-6" aria-hidden />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{it.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-400">{it.text}</p>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

/** Signed-in visitors only (SPEC.md §2.2), with their referral link and code (issue 14 item 9). */
export function ShareTheLoveSection({ referral }: { referral?: { code: string; link: string } | null }) {
  const brand = useBrand();
  return (
    <section className="px-4 pb-20 sm:px-6" data-testid="share-the-love">
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 rounded-3xl bg-gradient-to-br from-brand-700 to-brand-800 px-8 py-12 text-center text-white shadow-xl shadow-brand-700/20 md:flex-row md:text-left">
        <span className="flex h-14 w-14 shrink-0 items-center justify-center rounded-2xl bg-white/15">
          <Gift className="h-7 w-7" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="text-2xl font-bold tracking-tight">Share the Love, Earn Rewards</h2>
          <p className="mt-2 text-brand-100">
            Know someone in your section who would study better with {brand.name}? When they subscribe, you both earn
            account credit. Your rewards are in Settings, under Refer &amp; Earn.
          </p>
          {referral && (
            <p className="mt-3 text-sm break-all text-white" data-testid="share-the-love-link">
              Your link: <span className="font-mono font-semibold select-all">{referral.link}</span> · code{" "}
              <span className="font-mono font-semibold select-all">{referral.code}</span>
            </p>
          )}
        </div>
        <SiteLink href="/settings" className={`${LIGHT_BUTTON} shrink-0 text-brand-800`}>
          Open Settings
        </SiteLink>
      </div>
    </section>
  );
}

export function AboutSection() {
  const brand = useBrand();
  return (
    <section id="about-section" className="bg-slate-50 px-4 py-20 sm:px-6 sm:py-24 dark:bg-slate-900/40">
      <div className="mx-auto grid max-w-5xl grid-cols-1 gap-10 md:grid-cols-[auto_1fr] md:gap-14">
        <div className="flex h-24 w-24 items-center justify-center rounded-3xl bg-brand-700 text-white shadow-xl shadow-brand-700/25">
          <Quote className="h-10 w-10" aria-hidden />
        </div>
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">About Me</p>
          <h2 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">Why I am building {brand.name}.</h2>
          <div className="mt-6 space-y-4 text-lg leading-8 text-slate-700 dark:text-slate-300">
            <p>
              I wanted a study tool that treats the law the way a good professor does: state the rule, show where it
              comes from, and admit what is unsettled. Most tools get one of those right.
            </p>
            <p>
              So {brand.name} is built around sources. The companion answers from briefs, rule statements and provisions
              it can point to. The content is written in plain files that ship with the code, so anyone can read it,
              question it and correct it.
            </p>
            <p>
              If you find a rule stated wrong or a brief that misses the point, tell me. A fix reaches every student who
              uses it.
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}

export function WhySection() {
  const brand = useBrand();
  const reasons = [
    {
      icon: BookMarked,
      title: "Cited, or it says so",
      text: "Every answer lists the brief, rule or provision it came from. No source, no answer: it tells you it does not know.",
    },
    {
      icon: Sparkles,
      title: "Spaced repetition that adapts",
      text: "FSRS schedules each card from how well you recalled it, so review time goes where memory is weakest.",
    },
    {
      icon: Lock,
      title: "Your material stays yours",
      text: "Notes, briefs and outlines are visible to your account only. They are not used to train models.",
    },
    {
      icon: ServerCog,
      title: "Open and self-hostable",
      text: "One command runs the whole product on a laptop, with no outside account; schools can run their own.",
    },
  ];
  return (
    <section id={`why-${brand.slug}`} className="px-4 py-20 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-6xl">
        <SectionHeading center eyebrow={`Why ${brand.name}`} title={`Why ${brand.audience} choose ${brand.name}.`} />
        <div className="mt-14 grid grid-cols-1 gap-6 sm:grid-cols-2">
          {reasons.map((r) => (
            <div
              key={r.title}
              className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
            >
              <r.icon className="h-6 w-6 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden />
              <div>
                <h3 className="font-semibold">{r.title}</h3>
                <p className="mt-1 text-sm leading-6 text-slate-600 dark:text-slate-400">{r.text}</p>
              </div>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

export function ProofSection({ proof }: { proof: ProofData }) {
  const { counts, briefs, question } = proof;
  const stats = [
    { n: counts.subjects, label: "MBE subjects" },
    { n: counts.topics, label: "doctrine topics" },
    { n: counts.briefs, label: "case briefs" },
    { n: counts.cards, label: "flashcards" },
    { n: counts.questions, label: "practice questions" },
  ];
  return (
    <section id="proof" className="bg-slate-50 px-4 py-20 sm:px-6 sm:py-24 dark:bg-slate-900/40">
      <div className="mx-auto max-w-6xl">
        <SectionHeading
          eyebrow="Proof"
          title="Don't take our word for it. Check it."
          text="No testimonials and no made-up numbers. Here is what ships today, counted from the official content, with citations you can look up in any law library."
        />
        <dl className="mt-12 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5" data-testid="content-counts">
          {stats.map((s) => (
            <div
              key={s.label}
              className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
            >
              <dd className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{s.n}</dd>
              <dt className="mt-1 text-sm text-slate-600 dark:text-slate-400">{s.label}</dt>
            </div>
          ))}
        </dl>
        <div className="mt-10 grid grid-cols-1 gap-6 lg:grid-cols-2">
          <div className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
            <h3 className="font-semibold">Briefs with their citations</h3>
            <ul className="mt-4 divide-y divide-slate-100 dark:divide-slate-800">
              {briefs.map((b) => (
                <li key={b.id} className="py-3" data-testid="proof-brief">
                  <p className="font-medium">
                    <span className="italic">{b.name}</span>, <span className="whitespace-nowrap">{b.citation}</span> (
                    {b.year})
                  </p>
                  <p className="text-sm text-slate-500 dark:text-slate-400">{b.court}</p>
                  <p className="mt-1 line-clamp-2 text-sm text-slate-600 dark:text-slate-400">{b.holding}</p>
                </li>
              ))}
            </ul>
          </div>
          {question && (
            <div
              className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
              data-testid="proof-question"
            >
              <h3 className="font-semibold">
                A practice question{" "}
                <span className="font-normal text-slate-500 dark:text-slate-400">
                  · {question.subject} · {question.topic}
                </span>
              </h3>
              <p className="mt-4 text-sm leading-6 text-slate-700 dark:text-slate-300">{question.stem}</p>
              <p className="mt-3 text-sm font-medium">{question.call}</p>
              <ol className="mt-3 space-y-1.5 text-sm text-slate-700 dark:text-slate-300">
                {question.choices.map((c) => (
                  <li key={c.key} className="flex gap-2">
                    <span className="font-semibold">({c.key})</span>
                    <span>{c.text}</span>
                  </li>
                ))}
              </ol>
              <details className="group mt-4 rounded-xl bg-slate-50 p-4 text-sm dark:bg-slate-800/60">
                <summary className="cursor-pointer font-semibold text-brand-700 dark:text-brand-300">
                  Show the answer and why
                </summary>
                <p className="mt-3 leading-6 text-slate-700 dark:text-slate-300">
                  <strong>({question.answer})</strong> {question.explanation}
                </p>
              </details>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
