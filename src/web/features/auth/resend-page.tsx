/**
 * /auth/resend-confirmation (SPEC.md §4, §5, §8): idle → sending → sent. Email from `?email=`
 * or the saved auth-error record; trimmed; button disabled when empty; one resend per 60 s
 * ('Please wait N seconds before requesting another email.'); toast 'Email Sent!'; then /auth
 * after 2 s + 3 s.
 */
import { MailCheck } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Button } from "../../components/ui/button";
import { Card, Spinner } from "../../components/ui/card";
import { Field, Input } from "../../components/ui/input";
import { ApiError, api } from "../../lib/api";
import { read, readAuthError, write } from "../../lib/storage";
import { toast } from "../../lib/toast";
import { BrandMark } from "../public/brand";

export const RESEND_COOLDOWN_S = 60;
/** When the last resend succeeded (ms): in localStorage, so a reload or a new tab still waits (SPEC.md §5). */
const LAST_SENT_KEY = "lexmate-resend-last-sent";
const lastSentAt = () => Number(read(LAST_SENT_KEY)) || 0;
/** §5's cooldown text, or null when another email may be requested now. */
export const waitMessage = (remainingS: number) =>
  remainingS > 0 ? `Please wait ${remainingS} seconds before requesting another email.` : null;

export function resendErrorMessage(err: unknown): string {
  const msg = err instanceof Error ? err.message : "";
  if (/rate limit/i.test(msg) || (err instanceof ApiError && err.status === 429))
    return "Too many requests. Please wait a moment before trying again.";
  if (/not found|not registered/i.test(msg) || (err instanceof ApiError && err.status === 404))
    return "This email address is not registered. Please sign up first.";
  if (err instanceof ApiError && err.status === 409) return err.message;
  return "Failed to send confirmation email. Please try again.";
}

export default function ResendPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState(params.get("email") ?? readAuthError()?.email ?? "");
  const [state, setState] = useState<"idle" | "sending" | "sent">("idle");
  const [error, setError] = useState<string | null>(null);
  const [now, setNow] = useState(Date.now());

  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const clean = email.trim();
    if (!clean) return;
    const wait = Math.ceil((lastSentAt() + RESEND_COOLDOWN_S * 1000 - Date.now()) / 1000);
    if (wait > 0) return; // the wait message is already shown under the field

    setError(null);
    setState("sending");
    try {
      await api("/api/account/resend-confirmation", { body: { email: clean } });
      write(LAST_SENT_KEY, String(Date.now()));
      setState("sent");
      toast.add({
        title: "Email Sent!",
        description: `We sent a new confirmation link to ${clean}.`,
        variant: "success",
      });
      setTimeout(() => setTimeout(() => navigate("/auth"), 3000), 2000);
    } catch (err) {
      setError(resendErrorMessage(err));
      setState("idle");
    }
  }

  const remaining = Math.max(0, Math.ceil((lastSentAt() + RESEND_COOLDOWN_S * 1000 - now) / 1000));
  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-slate-50 px-4 dark:bg-slate-950">
      <Link to="/" className="mb-6" aria-label="Lexmate home">
        <BrandMark />
      </Link>
      <Card className="w-full max-w-md" data-state={state}>
        {state === "sent" ? (
          <div className="space-y-3 text-center">
            <MailCheck className="mx-auto h-10 w-10 text-brand-700" aria-hidden />
            <h1 className="text-xl font-semibold">Check your inbox</h1>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              We sent a new confirmation link to <strong>{email.trim()}</strong>. Check your inbox and your spam folder.
            </p>
          </div>
        ) : (
          <form onSubmit={submit} className="space-y-4" noValidate>
            <h1 className="text-xl font-semibold">Resend confirmation email</h1>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Enter the email you signed up with and we'll send a fresh confirmation link.
            </p>
            <Field label="Email" htmlFor="resend-email" error={error ?? waitMessage(remaining)}>
              <Input
                id="resend-email"
                type="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </Field>
            <Button type="submit" className="w-full" disabled={!email.trim() || state === "sending" || remaining > 0}>
              {state === "sending" && <Spinner className="h-4 w-4" />}
              {state === "sending"
                ? "Sending…"
                : remaining > 0
                  ? `Resend in ${remaining} s`
                  : "Resend confirmation email"}
            </Button>
            <Link to="/auth" className="block text-center text-sm text-slate-600 hover:underline dark:text-slate-400">
              Back to sign in
            </Link>
          </form>
        )}
      </Card>
    </div>
  );
}
