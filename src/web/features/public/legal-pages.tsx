/** /terms, /privacy and /disclaimer: real text for this product (a study aid, not legal advice). */
import { useBrand } from "./brand";

function LegalPage({ title, updated, children }: { title: string; updated: string; children: React.ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-2 text-sm text-slate-500">Last updated {updated}</p>
      <div className="mt-8 space-y-5 leading-7 text-slate-700 dark:text-slate-300 [&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900 dark:[&_h2]:text-white [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6">
        {children}
      </div>
    </article>
  );
}

export function TermsPage() {
  const { name } = useBrand();
  return (
    <LegalPage title="Terms of Service" updated="November 21, 2026">
      <p>
        These terms govern your use of {name}, a study platform for law students and bar-exam takers. By creating an
        account you agree to them.
      </p>
      <h2>1. What {name} is</h2>
      <p>
        {name} helps you study: it answers questions about legal doctrine with citations to its sources, and offers case
        briefs, notes, outlines, flashcards, practice questions, quizzes and courses. It is an educational tool. It does
        not give legal advice and using it does not create an attorney–client relationship.
      </p>
      <h2>2. Your account</h2>
      <ul>
        <li>
          You must give a valid email address and keep your password to yourself. You are responsible for what happens
          under your account.
        </li>
        <li>You must be at least 16 years old, or the age of majority where you live if that is higher.</li>
        <li>Tell us at once if you think someone else has used your account.</li>
      </ul>
      <h2>3. Plans, trials and payment</h2>
      <p>
        The Free plan includes 10 AI chat messages per calendar month and the case briefs. The Unlimited plan includes
        everything else. New accounts get a 7-day trial of Unlimited without a card; when it ends the account returns to
        Free unless you subscribe. Paid plans renew each period until you cancel; cancelling stops the next renewal and
        keeps access until the end of the period already paid.
      </p>
      <h2>4. Your content</h2>
      <p>
        Your notes, briefs, outlines and cards remain yours. You give us only the permission needed to store them, show
        them to you and use them to answer your own questions. We never show your material to another user.
      </p>
      <h2>5. Acceptable use</h2>
      <ul>
        <li>Do not break the law, infringe others' rights, or upload material you have no right to share.</li>
        <li>Do not attack, overload or scrape the service, or try to reach other users' data.</li>
        <li>Do not use the service to cheat on an exam where its use is not allowed.</li>
      </ul>
      <h2>6. Accuracy</h2>
      <p>
        We work hard to state the law correctly, and the companion shows where each statement comes from so you can
        check it. Law changes and differs between jurisdictions; verify anything that matters against primary sources
        and your course materials.
      </p>
      <h2>7. Ending the service</h2>
      <p>
        You may delete your account at any time. We may suspend accounts that break these terms. Self-hosted
        installations are run by their operators, who are responsible for their own instance.
      </p>
      <h2>8. Liability</h2>
      <p>
        The service is provided "as is". To the extent the law allows, we are not liable for indirect or consequential
        losses, including exam results, and our total liability is limited to what you paid us in the twelve months
        before the claim.
      </p>
      <h2>9. Changes</h2>
      <p>We will tell you by email before material changes to these terms take effect.</p>
    </LegalPage>
  );
}

export function PrivacyPage() {
  const { name } = useBrand();
  return (
    <LegalPage title="Privacy Policy" updated="November 21, 2026">
      <p>This policy explains what {name} collects, why, and what you can do about it.</p>
      <h2>What we collect</h2>
      <ul>
        <li>
          <strong>Account data:</strong> your email, name and a hashed password (we never store the password itself).
        </li>
        <li>
          <strong>Study data:</strong> your chat threads and messages, notes, briefs, outlines, cards, review history
          and quiz answers.
        </li>
        <li>
          <strong>Usage data:</strong> product events such as sign-in or a message sent, error reports from your
          browser, and your IP address for rate limiting and security.
        </li>
        <li>
          <strong>Billing data:</strong> if you subscribe, our payment processor holds your card; we keep only the
          subscription status and a customer id.
        </li>
      </ul>
      <h2>How we use it</h2>
      <p>
        To run the service, answer your questions from your own material, keep accounts secure, fix errors, and
        understand which features help students. We do not sell personal data and we do not use your notes to train
        models.
      </p>
      <h2>Cookies and local storage</h2>
      <p>
        We use one httpOnly session cookie to keep you signed in. Your browser's local storage keeps preferences such as
        your theme and sidebar state.
      </p>
      <h2>AI providers</h2>
      <p>
        If an instance is configured with an external AI provider, your question and the sources retrieved for it are
        sent to that provider to compose the answer. Without one, answers are composed on the server and nothing leaves
        it.
      </p>
      <h2>Retention and your rights</h2>
      <p>
        We keep your data while your account exists and delete it when you delete the account, except where the law
        requires us to keep billing records. You can ask for a copy of your data or its correction or deletion by
        writing to support.
      </p>
      <h2>Security</h2>
      <p>
        Traffic is encrypted in transit on hosted instances, passwords are hashed, and every query on your data is
        scoped to your account.
      </p>
    </LegalPage>
  );
}

export function DisclaimerPage() {
  const { name } = useBrand();
  return (
    <LegalPage title="Disclaimer" updated="November 21, 2026">
      <p>
        <strong>{name} is a study aid, not legal advice.</strong> Nothing in the product — answers, briefs, outlines,
        flashcards, questions or courses — is legal advice or a substitute for a lawyer licensed in your jurisdiction.
      </p>
      <p>
        Content describes general rules as they are taught in U.S. law schools and tested on the bar exam, including the
        Multistate Bar Examination's subjects. Actual outcomes depend on the facts, the jurisdiction and the law in
        force; rules change and courts disagree.
      </p>
      <p>
        The chat companion answers from the sources it shows. When it cannot find a source it says so rather than guess.
        Always check its citations, and treat anything marked "unverified" with extra care.
      </p>
      <p>
        Practice questions are original and written for study. They are not released NCBE questions and do not predict
        what any exam will ask.
      </p>
      <p>
        Case names and citations refer to public court opinions. {name} is not affiliated with any court, bar examiner
        or law school.
      </p>
    </LegalPage>
  );
}
