/**
 * /auth (SPEC.md §2.1, §5): Sign in / Sign up tabs chosen by `?tab=`, the auth-link error of
 * `?error=`, forgot-password by email. Sign-in of an unconfirmed account says so and offers resend.
 * After sign-in, and at once for a visitor who is already signed in, it goes to the page asked for
 * (`?redirectTo=`, or the protected page the gate sent here from; same-origin paths only,
 * `safeRedirectPath`), else the last visited page, else /chat (issue 12 items 18, 26).
 */
import { useQueryClient } from "@tanstack/react-query";
import { AlertCircle, MailCheck } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { Link, Navigate, useLocation, useSearchParams } from "react-router";
import { meetsPasswordRules } from "../../../domain/password";
import { safeRedirectPath } from "../../../domain/redirect";
import { Button } from "../../components/ui/button";
import { Card, Spinner } from "../../components/ui/card";
import { Field, Input, PasswordInput } from "../../components/ui/input";
import { ApiError, api } from "../../lib/api";
import { meQuery, useMeIfSignedInBefore } from "../../lib/session";
import { KEYS, read, readAuthError, write } from "../../lib/storage";
import { BrandMark } from "../public/brand";
import { authErrorMessage, authFailureMessage } from "./messages";
import { EasyToGuessTips, PasswordChecklist } from "./password-checklist";

type Tab = "signin" | "signup" | "forgot";

/** Where to go once signed in: the page asked for, else the last visited page, else /chat. */
function useReturnTarget(): () => string {
  const [params] = useSearchParams();
  const location = useLocation();
  return () =>
    safeRedirectPath(params.get("redirectTo")) ??
    safeRedirectPath((location.state as { from?: string } | null)?.from) ??
    safeRedirectPath(read(KEYS.returnTo, true)) ??
    safeRedirectPath(read(KEYS.lastVisited)) ??
    "/chat";
}

export default function AuthPage() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const { data: me, isPending } = useMeIfSignedInBefore();
  const target = useReturnTarget();
  const tab: Tab = params.get("tab") === "signup" ? "signup" : params.get("tab") === "forgot" ? "forgot" : "signin";
  const errorCode = params.get("error");
  const saved = readAuthError();
  const setTab = (t: Tab) => {
    const next = new URLSearchParams(params);
    next.delete("tab");
    if (t !== "signin") next.set("tab", t);
    setParams(next, { replace: true, state: location.state });
  };
  // The sign-in form reached a signed-out visitor: the gate's redirect worked, so it was no loop.
  useEffect(() => {
    if (me === null) write(KEYS.redirectAttempts, null);
  }, [me]);

  if (me) {
    const to = target();
    write(KEYS.returnTo, null, true);
    return <Navigate to={to} replace />;
  }
  if (isPending)
    return (
      <div className="flex min-h-screen items-center justify-center" role="status">
        <Spinner className="h-8 w-8 text-brand-700" />
      </div>
    );

  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-slate-50 px-4 py-10 dark:bg-slate-950">
      <Link to="/" className="mb-6" aria-label="Lexmate home">
        <BrandMark />
      </Link>
      <Card className="w-full max-w-md">
        {errorCode && (
          <div
            role="alert"
            className="mb-5 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
          >
            <p className="flex items-start gap-2">
              <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              {authErrorMessage(errorCode, saved?.code === errorCode ? saved.description : null)}
            </p>
            <Link
              className="mt-2 inline-block font-medium underline"
              to={`/auth/resend-confirmation${saved?.email ? `?email=${encodeURIComponent(saved.email)}` : ""}`}
            >
              Request a new confirmation link
            </Link>
          </div>
        )}
        {tab !== "forgot" && (
          <div
            role="tablist"
            aria-label="Sign in or sign up"
            className="mb-6 grid grid-cols-2 rounded-lg bg-slate-100 p-1 dark:bg-slate-800"
          >
            {(["signin", "signup"] as const).map((t) => (
              <button
                key={t}
                type="button"
                role="tab"
                aria-selected={tab === t}
                onClick={() => setTab(t)}
                className={
                  tab === t
                    ? "rounded-md bg-white py-2 text-sm font-semibold text-slate-900 shadow-sm dark:bg-slate-950 dark:text-white"
                    : "rounded-md py-2 text-sm font-medium text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white"
                }
              >
                {t === "signin" ? "Sign In" : "Sign Up"}
              </button>
            ))}
          </div>
        )}
        {tab === "signin" && <SignInForm onForgot={() => setTab("forgot")} />}
        {tab === "signup" && <SignUpForm />}
        {tab === "forgot" && <ForgotForm onBack={() => setTab("signin")} />}
      </Card>
      <p className="mt-6 max-w-md text-center text-xs text-slate-500 dark:text-slate-400">
        By continuing you agree to the{" "}
        <Link className="underline" to="/terms">
          Terms
        </Link>{" "}
        and{" "}
        <Link className="underline" to="/privacy">
          Privacy Policy
        </Link>
        . Lexmate is a study aid, not legal advice.
      </p>
    </div>
  );
}

/** Signs in; the page then leaves for the return target once `me` arrives (AuthPage). */
function SignInForm({ onForgot }: { onForgot: () => void }) {
  const qc = useQueryClient();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [unverified, setUnverified] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setUnverified(false);
    setBusy(true);
    try {
      await api("/api/auth/sign-in/email", { body: { email: email.trim(), password } });
      await qc.invalidateQueries({ queryKey: meQuery.queryKey });
      await qc.fetchQuery(meQuery);
    } catch (err) {
      if (err instanceof ApiError && err.code === "EMAIL_NOT_VERIFIED") {
        setUnverified(true);
        setError("Please confirm your email address before signing in. Check your inbox for the link we sent.");
      } else {
        setError(authFailureMessage(err, "We could not sign you in. Please try again."));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <h1 className="text-xl font-semibold">Welcome back</h1>
      <Field label="Email" htmlFor="signin-email">
        <Input
          id="signin-email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </Field>
      <Field label="Password" htmlFor="signin-password">
        <PasswordInput
          id="signin-password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field>
      {error && (
        <div role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {error}
          {unverified && (
            <Link
              className="mt-1 block font-medium underline"
              to={`/auth/resend-confirmation?email=${encodeURIComponent(email.trim())}`}
            >
              Resend confirmation email
            </Link>
          )}
        </div>
      )}
      <Button type="submit" className="w-full" disabled={busy || !email || !password}>
        {busy && <Spinner className="h-4 w-4" />} Sign In
      </Button>
      <button
        type="button"
        onClick={onForgot}
        className="w-full text-center text-sm text-brand-700 hover:underline dark:text-brand-100"
      >
        Forgot your password?
      </button>
    </form>
  );
}

function SignUpForm() {
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [easy, setEasy] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setEasy(false);
    if (!meetsPasswordRules(password)) {
      setError("Password does not meet all requirements");
      return;
    }
    setBusy(true);
    try {
      const clean = email.trim();
      await api("/api/auth/sign-up/email", {
        // The typed name (possibly empty) becomes the profile's first and last name.
        body: { email: clean, password, name: name.trim() },
      });
      setSentTo(clean);
    } catch (err) {
      const msg = (err as Error).message;
      setEasy(/easy to guess/i.test(msg));
      setError(authFailureMessage(err, "We could not create your account. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  if (sentTo)
    return (
      <div className="space-y-3 text-center" data-testid="signup-sent">
        <MailCheck className="mx-auto h-10 w-10 text-brand-700" aria-hidden />
        <h1 className="text-xl font-semibold">Check your email</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          We sent a confirmation link to <strong>{sentTo}</strong>. Open it to confirm your account and start your 7-day
          free trial. Check your spam folder if you don't see it.
        </p>
        <Link
          className="text-sm font-medium text-brand-700 underline dark:text-brand-100"
          to={`/auth/resend-confirmation?email=${encodeURIComponent(sentTo)}`}
        >
          Didn't get it? Resend the email
        </Link>
      </div>
    );

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <div>
        <h1 className="text-xl font-semibold">Create your account</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Start with a 7-day free trial — full Unlimited access, no credit card required.
        </p>
      </div>
      <Field label="Name" htmlFor="signup-name">
        <Input
          id="signup-name"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={100}
        />
      </Field>
      <Field label="Email" htmlFor="signup-email">
        <Input
          id="signup-email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </Field>
      <Field label="Password" htmlFor="signup-password">
        <PasswordInput
          id="signup-password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-describedby="password-rules"
        />
      </Field>
      <div id="password-rules">
        <PasswordChecklist password={password} />
      </div>
      {error && (
        <div role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {error}
          {easy && <EasyToGuessTips />}
        </div>
      )}
      <Button type="submit" className="w-full" disabled={busy || !email || !password}>
        {busy && <Spinner className="h-4 w-4" />} Sign Up
      </Button>
    </form>
  );
}

function ForgotForm({ onBack }: { onBack: () => void }) {
  const [email, setEmail] = useState("");
  const [state, setState] = useState<"idle" | "sending" | "sent">("idle");
  const [error, setError] = useState<string | null>(null);
  useEffect(() => write(KEYS.authError, null), []);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setState("sending");
    try {
      await api("/api/auth/request-password-reset", {
        body: { email: email.trim(), redirectTo: "/auth/reset-password" },
      });
      setState("sent");
    } catch (err) {
      setError(authFailureMessage(err, "We could not send the reset email. Please try again."));
      setState("idle");
    }
  }
  if (state === "sent")
    return (
      <div className="space-y-3 text-center">
        <MailCheck className="mx-auto h-10 w-10 text-brand-700" aria-hidden />
        <h1 className="text-xl font-semibold">Check your email</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          If an account exists for <strong>{email.trim()}</strong>, we sent a link to choose a new password. It expires
          in 1 hour.
        </p>
        <Button variant="outline" onClick={onBack}>
          Back to sign in
        </Button>
      </div>
    );
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <h1 className="text-xl font-semibold">Reset your password</h1>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Enter your account's email and we'll send you a link to choose a new password.
      </p>
      <Field label="Email" htmlFor="forgot-email" error={error}>
        <Input
          id="forgot-email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </Field>
      <Button type="submit" className="w-full" disabled={!email.trim() || state === "sending"}>
        {state === "sending" && <Spinner className="h-4 w-4" />} Send reset link
      </Button>
      <button
        type="button"
        onClick={onBack}
        className="w-full text-center text-sm text-slate-600 hover:underline dark:text-slate-400"
      >
        Back to sign in
      </button>
    </form>
  );
}
