/**
 * Plans (SPEC.md §1, §2.2, §3, §6, §9): the Free and Unlimited cards with the 'Start For Free'
 * button (signed out → /auth?tab=signup, signed in → /chat), the feature matrix by the §3 ids
 * (entitlements from src/domain/plans.ts, the rule the server enforces), the 7-day trial copy,
 * and the /pricing and /unlimited pages. Prices come from GET /api/pricing's data (database, or
 * the $10 fallback). Static: no JavaScript.
 */
import { clsx } from "clsx";
import { Check, Minus, Sparkles } from "lucide-react";
import { type PricingEntry, priceFor } from "../../../contract/pricing";
import { FEATURE_IDS, type FeatureId, FREE_MONTHLY_MESSAGES, hasFeature, TRIAL_DAYS } from "../../../domain/plans";
import { buttonClass } from "../../components/ui/button";
import { type Session, SiteLink } from "../public/site";

export const TRIAL_COPY = `Start with a ${TRIAL_DAYS}-day free trial — full Unlimited access, no credit card required.`;

export const FEATURE_LABELS: Record<FeatureId, string> = {
  chat_messages: "AI chat messages",
  case_briefs: "Case briefs",
  notes: "Notes",
  outline_iq: "Outline tool",
  flashcards: "Flashcards with spaced repetition",
  question_bank: "Practice question bank",
  video_courses: "Video courses",
};

const freeValue = (f: FeatureId) =>
  f === "chat_messages" ? `${FREE_MONTHLY_MESSAGES} per month` : hasFeature("Free", f);
const unlimitedValue = (f: FeatureId) => (f === "chat_messages" ? "Unlimited" : hasFeature("unlimited", f));

const per = (p: PricingEntry) => (p.interval_type === "year" ? "/year" : "/month");

function Cell({ value }: { value: string | boolean }) {
  if (typeof value === "string") return <span className="font-medium">{value}</span>;
  return value ? (
    <Check className="mx-auto h-5 w-5 text-brand-600 dark:text-brand-300" aria-label="Included" />
  ) : (
    <Minus className="mx-auto h-5 w-5 text-slate-300 dark:text-slate-600" aria-label="Not included" />
  );
}

/** The §3 feature matrix: one row per feature id, Free and Unlimited columns. */
export function FeatureMatrix() {
  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <table className="w-full text-sm" data-testid="feature-matrix">
        <caption className="sr-only">What each plan includes</caption>
        <thead className="bg-slate-50 text-left text-xs tracking-wider text-slate-500 uppercase dark:bg-slate-800/60 dark:text-slate-400">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold sm:px-6">
              Feature
            </th>
            <th scope="col" className="w-28 px-2 py-3 text-center font-semibold sm:w-40">
              Free
            </th>
            <th scope="col" className="w-28 px-2 py-3 text-center font-semibold sm:w-40">
              Unlimited
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {FEATURE_IDS.map((f) => (
            <tr key={f} data-feature-id={f}>
              <th scope="row" className="px-4 py-3 text-left font-normal text-slate-700 sm:px-6 dark:text-slate-300">
                {FEATURE_LABELS[f]}
              </th>
              <td className="px-2 py-3 text-center text-slate-700 dark:text-slate-300">
                <Cell value={freeValue(f)} />
              </td>
              <td className="px-2 py-3 text-center text-slate-900 dark:text-white">
                <Cell value={unlimitedValue(f)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PlanFeature({ children, included = true }: { children: React.ReactNode; included?: boolean }) {
  return included ? (
    <li className="flex gap-3">
      <Check className="mt-0.5 h-5 w-5 shrink-0 text-brand-600 dark:text-brand-300" aria-hidden />
      <span>{children}</span>
    </li>
  ) : (
    <li className="flex gap-3 text-slate-500 dark:text-slate-400">
      <Minus className="mt-0.5 h-5 w-5 shrink-0 text-slate-300 dark:text-slate-600" aria-hidden />
      <span>
        {children}
        <span className="sr-only"> (not included)</span>
      </span>
    </li>
  );
}

export function PricingGrid({ session, pricing }: { session: Session | null; pricing: PricingEntry[] }) {
  const free = priceFor(pricing, "Free");
  const unlimited = priceFor(pricing, "Unlimited");
  const included = FEATURE_IDS.filter((f) => f !== "chat_messages");
  return (
    <div className="mx-auto grid grid-cols-1 max-w-4xl gap-6 md:grid-cols-2" data-testid="pricing-grid">
      <div
        className="flex flex-col rounded-2xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-800 dark:bg-slate-900"
        data-plan="Free"
      >
        <h3 className="text-lg font-semibold">Free</h3>
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">Try the companion and read the briefs.</p>
        <p className="mt-6 flex items-baseline gap-1">
          <span className="text-5xl font-bold tracking-tight" data-testid="price-free">
            {free.formatted_price}
          </span>
          <span className="text-sm text-slate-500 dark:text-slate-400">{per(free)}</span>
        </p>
        <ul className="mt-8 flex-1 space-y-3 text-sm text-slate-700 dark:text-slate-300">
          <PlanFeature>{FREE_MONTHLY_MESSAGES} AI chat messages per month</PlanFeature>
          {included.map((f) => (
            <PlanFeature key={f} included={hasFeature("Free", f)}>
              {FEATURE_LABELS[f]}
            </PlanFeature>
          ))}
        </ul>
        <SiteLink href={session ? "/chat" : "/auth?tab=signup"} className={buttonClass("outline", "lg", "mt-8 w-full")}>
          Start For Free
        </SiteLink>
      </div>
      <div
        className="relative flex flex-col rounded-2xl border-2 border-brand-600 bg-white p-8 shadow-xl shadow-brand-700/10 dark:bg-slate-900"
        data-plan="Unlimited"
      >
        <span className="absolute -top-3.5 left-8 inline-flex items-center gap-1 rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold text-white">
          <Sparkles className="h-3.5 w-3.5" aria-hidden /> {TRIAL_DAYS}-day free trial
        </span>
        <h3 className="text-lg font-semibold">Unlimited</h3>
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">Everything, with no monthly limit.</p>
        <p className="mt-6 flex items-baseline gap-1">
          <span className="text-5xl font-bold tracking-tight" data-testid="price-unlimited">
            {unlimited.formatted_price}
          </span>
          <span className="text-sm text-slate-500 dark:text-slate-400">{per(unlimited)}</span>
        </p>
        <ul className="mt-8 flex-1 space-y-3 text-sm text-slate-700 dark:text-slate-300">
          <PlanFeature>Unlimited AI chat messages</PlanFeature>
          {included
            .filter((f) => hasFeature("unlimited", f))
            .map((f) => (
              <PlanFeature key={f}>{FEATURE_LABELS[f]}</PlanFeature>
            ))}
        </ul>
        <SiteLink
          href={session ? "/settings?upgrade=unlimited" : "/auth?tab=signup"}
          className={buttonClass("primary", "lg", "mt-8 w-full")}
        >
          {session ? "Upgrade to Unlimited" : `Start ${TRIAL_DAYS}-day free trial`}
        </SiteLink>
        <p className="mt-3 text-center text-xs text-slate-500 dark:text-slate-400">{TRIAL_COPY}</p>
      </div>
    </div>
  );
}

const FAQ = (trial: number, free: number) => [
  {
    q: "Do I need a credit card for the trial?",
    a: `No. Every new account starts with a ${trial}-day trial of Unlimited, and you add a card only if you decide to subscribe.`,
  },
  {
    q: "What happens when the trial ends?",
    a: `Your account moves to the Free plan: ${free} AI chat messages a month and the case briefs. Your notes, outlines and cards stay in your account.`,
  },
  {
    q: "Can I cancel at any time?",
    a: "Yes. Cancelling stops the next renewal, and you keep Unlimited until the end of the period you already paid for.",
  },
  {
    q: "Is it legal advice?",
    a: "No. It is a study aid: it explains rules as they are taught and tested, shows its sources, and says so when it cannot find one.",
  },
];

function PageHeading({ eyebrow, title, text }: { eyebrow: string; title: string; text: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">{eyebrow}</p>
      <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
      <p className="mt-5 text-lg text-pretty text-slate-600 dark:text-slate-400">{text}</p>
    </div>
  );
}

/** /pricing: the plans, the full matrix and the questions people ask before paying. */
export function PricingPage({ session, pricing }: { session: Session | null; pricing: PricingEntry[] }) {
  return (
    <div className="bg-gradient-to-b from-brand-50/70 to-white px-4 py-16 sm:py-24 dark:from-slate-900 dark:to-slate-950">
      <PageHeading
        eyebrow="Pricing"
        title="Study for free. Go Unlimited when it clicks."
        text={`The Free plan costs nothing. ${TRIAL_COPY}`}
      />
      <div className="mt-14">
        <PricingGrid session={session} pricing={pricing} />
      </div>
      <div className="mx-auto mt-16 max-w-4xl">
        <h2 className="mb-5 text-xl font-semibold">Compare plans</h2>
        <FeatureMatrix />
      </div>
      <div className="mx-auto mt-16 max-w-4xl">
        <h2 className="mb-5 text-xl font-semibold">Questions</h2>
        <dl className="grid grid-cols-1 gap-6 md:grid-cols-2">
          {FAQ(TRIAL_DAYS, FREE_MONTHLY_MESSAGES).map((f) => (
            <div
              key={f.q}
              className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
            >
              <dt className="font-semibold">{f.q}</dt>
              <dd className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-400">{f.a}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}

/** /unlimited: what the Unlimited plan adds, with the way to start it. */
export function UnlimitedPage({ session, pricing }: { session: Session | null; pricing: PricingEntry[] }) {
  const unlimited = priceFor(pricing, "Unlimited");
  const extras = FEATURE_IDS.filter((f) => !hasFeature("Free", f));
  return (
    <div className="bg-gradient-to-b from-brand-50/70 to-white px-4 py-16 sm:py-24 dark:from-slate-900 dark:to-slate-950">
      <PageHeading
        eyebrow="Unlimited"
        title="Everything, with no monthly limit."
        text={`${unlimited.formatted_price}${per(unlimited)} for unlimited cited answers and every study tool. ${TRIAL_COPY}`}
      />
      <div className="mx-auto mt-10 flex flex-col items-center gap-3">
        <SiteLink
          href={session ? "/settings?upgrade=unlimited" : "/auth?tab=signup"}
          className={buttonClass("primary", "lg")}
        >
          {session ? "Upgrade to Unlimited" : `Start ${TRIAL_DAYS}-day free trial`}
        </SiteLink>
        <SiteLink href="/pricing" className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
          Compare with the Free plan
        </SiteLink>
      </div>
      <ul className="mx-auto mt-14 grid grid-cols-1 max-w-4xl gap-4 sm:grid-cols-2">
        <li className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
          <p className="font-semibold">Unlimited AI chat messages</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            The Free plan stops at {FREE_MONTHLY_MESSAGES} a month; Unlimited does not.
          </p>
        </li>
        {extras.map((f) => (
          <li
            key={f}
            className={clsx("rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900")}
            data-feature-id={f}
          >
            <p className="font-semibold">{FEATURE_LABELS[f]}</p>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{UNLIMITED_DETAIL[f]}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

const UNLIMITED_DETAIL: Partial<Record<FeatureId, string>> = {
  notes: "A note editor with templates and tags, linked to the case briefs you mention.",
  outline_iq: "Drag-and-drop outlines built from your notes, one per course.",
  flashcards: "Official decks for every subject and your own cards, scheduled by FSRS.",
  question_bank: "MBE-style practice questions with an explanation for every answer choice.",
  video_courses: "Structured lessons by subject and module.",
};
