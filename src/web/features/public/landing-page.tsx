/**
 * The landing page (SPEC.md §2.2), one component for the server's pre-rendered HTML and the
 * app's client-side visits. Sections in anchor order: top, problem, caselaw, notes, outlines,
 * study, chat, courses, non-services, payoff, pricing, about-section, why-{product}, proof.
 * Calls to action by signed-in state: 'Start free today' (→ /auth?tab=signup) for visitors,
 * 'Start Chatting' (→ /chat) for signed-in users.
 */
import { ArrowRight, ShieldCheck } from "lucide-react";
import type { LandingData } from "../../../contract/landing";
import type { PricingEntry } from "../../../contract/pricing";
import { buttonClass } from "../../components/ui/button";
import { useBrand } from "./brand";
import { ChatExchange } from "./chat-demos";
import { FeatureSections, ProblemSection, SectionHeading } from "./landing-features";
import {
  AboutSection,
  NonServicesSection,
  PayoffSection,
  ProofSection,
  ShareTheLoveSection,
  WhySection,
} from "./landing-more";
import { FeatureMatrix, PricingGrid, TRIAL_COPY } from "../billing/pricing";
import { ScreenshotThumb } from "./screenshot-thumb";
import { SCREENSHOTS } from "./screenshots";
import { type Session, SiteLink } from "./site";

export interface LandingPageProps {
  session: Session | null;
  data: LandingData;
  pricing: PricingEntry[];
  /** Ids of the 5 demo cards shown first (drawn at random per visit). */
  initialCards: string[];
}

/** The main call to action of SPEC.md §2.2, by signed-in state. */
export function MainCta({ session, className }: { session: Session | null; className?: string }) {
  return session ? (
    <SiteLink href="/chat" className={buttonClass("primary", "lg", className)}>
      Start Chatting <ArrowRight className="h-4 w-4" aria-hidden />
    </SiteLink>
  ) : (
    <SiteLink href="/auth?tab=signup" className={buttonClass("primary", "lg", className)}>
      Start free today <ArrowRight className="h-4 w-4" aria-hidden />
    </SiteLink>
  );
}

function Hero({ session, data }: { session: Session | null; data: LandingData }) {
  const brand = useBrand();
  const demo = data.chatDemos[0];
  return (
    <section id="top" className="relative overflow-hidden px-4 pt-14 pb-20 sm:px-6 sm:pt-20 lg:pb-28">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 -top-40 -z-10 h-[36rem] bg-[radial-gradient(60%_60%_at_50%_0%,var(--color-brand-100),transparent)] dark:bg-[radial-gradient(60%_60%_at_50%_0%,color-mix(in_oklab,var(--color-brand-700)_35%,transparent),transparent)]"
      />
      <div className="mx-auto grid grid-cols-1 max-w-6xl items-center gap-14 lg:grid-cols-[1.1fr_1fr]">
        <div className="text-center lg:text-left">
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white/70 px-3 py-1 text-sm font-medium text-brand-800 dark:border-brand-700/50 dark:bg-slate-900/60 dark:text-brand-100">
            <ShieldCheck className="h-4 w-4" aria-hidden /> {brand.emphasis}
          </p>
          <h1 className="mt-6 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl dark:text-white">
            {brand.heroTitle}
          </h1>
          <p className="mx-auto mt-6 max-w-xl text-lg leading-8 text-pretty text-slate-600 lg:mx-0 dark:text-slate-300">
            {brand.heroText}
          </p>
          <div className="mt-9 flex flex-col items-center gap-3 sm:flex-row sm:justify-center lg:justify-start">
            <MainCta session={session} className="w-full sm:w-auto" />
            <a href="#chat" className={buttonClass("outline", "lg", "w-full sm:w-auto")}>
              See cited answers
            </a>
          </div>
          {!session && <p className="mt-5 text-sm text-slate-500 dark:text-slate-400">{TRIAL_COPY}</p>}
        </div>
        {demo && (
          <div className="relative mx-auto w-full max-w-lg lg:max-w-none">
            <div
              aria-hidden
              className="absolute -inset-10 -z-10 bg-[radial-gradient(closest-side,var(--color-brand-100),transparent)] dark:bg-[radial-gradient(closest-side,color-mix(in_oklab,var(--color-brand-700)_30%,transparent),transparent)]"
            />
            <div className="rounded-3xl border border-slate-200 bg-white p-5 shadow-2xl shadow-slate-900/10 dark:border-slate-800 dark:bg-slate-950">
              <div className="mb-4 flex items-center gap-1.5" aria-hidden>
                <span className="h-2.5 w-2.5 rounded-full bg-rose-400" />
                <span className="h-2.5 w-2.5 rounded-full bg-amber-400" />
                <span className="h-2.5 w-2.5 rounded-full bg-emerald-400" />
                <span className="ml-3 text-xs text-slate-500 dark:text-slate-400">{demo.label}</span>
              </div>
              <ChatExchange demo={demo} compact />
            </div>
          </div>
        )}
      </div>
      {SCREENSHOTS.length > 0 && (
        <div className="mx-auto mt-20 max-w-6xl" data-testid="screenshots">
          <p className="text-center text-sm font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
            Real screens from the app
          </p>
          <div className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {SCREENSHOTS.map((s) => (
              <ScreenshotThumb key={s.id} shot={s} />
            ))}
          </div>
        </div>
      )}
    </section>
  );
}

function PricingSection({ session, pricing }: { session: Session | null; pricing: PricingEntry[] }) {
  return (
    <section
      id="pricing"
      className="bg-gradient-to-b from-white to-brand-50/60 px-4 py-20 sm:px-6 sm:py-24 dark:from-slate-950 dark:to-slate-900"
    >
      <div className="mx-auto max-w-6xl">
        <SectionHeading center eyebrow="Pricing" title="Start free. Upgrade when it clicks." text={TRIAL_COPY} />
        <div className="mt-14">
          <PricingGrid session={session} pricing={pricing} />
        </div>
        <div className="mx-auto mt-12 max-w-4xl">
          <FeatureMatrix />
          <p className="mt-4 text-center text-sm">
            <SiteLink href="/pricing" className="font-medium text-brand-700 hover:underline dark:text-brand-300">
              Pricing details and questions
            </SiteLink>
          </p>
        </div>
      </div>
    </section>
  );
}

export default function LandingPage({ session, data, pricing, initialCards }: LandingPageProps) {
  return (
    <>
      <Hero session={session} data={data} />
      <ProblemSection />
      <FeatureSections data={data} initialCards={initialCards} />
      <NonServicesSection session={session} />
      <PayoffSection />
      <PricingSection session={session} pricing={pricing} />
      {session && <ShareTheLoveSection referral={session.referral} />}
      <AboutSection />
      <WhySection />
      <ProofSection proof={data.proof} />
    </>
  );
}
