/**
 * /auth/callback (SPEC.md §4): processing → success (welcome naming the product, to /chat after
 * 1.5 s) or error. Reads `token`, `email` and any `error`/`error_code`/`error_description` from the
 * URL fragment. Expired or invalid links go to /auth?error={code} with the email remembered for
 * the resend page; any other failure shows 'Confirmation Failed' and goes to /auth?tab=signin
 * after 3 s; no token shows 'No authentication tokens found' and goes to / after 3 s.
 */
import { useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, XCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Card, Spinner } from "../../components/ui/card";
import { ApiError, api } from "../../lib/api";
import { meQuery } from "../../lib/session";
import { saveAuthError } from "../../lib/storage";
import { useBrand } from "../public/brand";
import { emailIn } from "./messages";

type State =
  | { kind: "processing" }
  | { kind: "success"; already: boolean }
  | { kind: "error"; title: string; text: string }
  | { kind: "none" };

export const SUCCESS_REDIRECT_MS = 1500;
export const ERROR_REDIRECT_MS = 3000;

export default function CallbackPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const brand = useBrand();
  const [state, setState] = useState<State>({ kind: "processing" });
  const ran = useRef(false);

  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    const hash = new URLSearchParams(window.location.hash.replace(/^#/, ""));
    const query = new URLSearchParams(window.location.search);
    const get = (k: string) => hash.get(k) ?? query.get(k);
    const timers: number[] = [];
    const later = (ms: number, to: string) => timers.push(window.setTimeout(() => navigate(to, { replace: true }), ms));
    const linkError = get("error_code") ?? get("error");
    if (linkError) {
      const description = get("error_description") ?? "";
      saveAuthError({ code: linkError, description, email: get("email") ?? emailIn(description) });
      navigate(`/auth?error=${encodeURIComponent(linkError)}`, { replace: true });
      return;
    }
    const token = get("token") ?? get("access_token");
    if (!token) {
      setState({ kind: "none" });
      later(ERROR_REDIRECT_MS, "/");
      return;
    }
    history.replaceState(null, "", window.location.pathname);
    api<{ status: "confirmed" | "already_confirmed" }>("/api/account/confirm", { body: { token } })
      .then(async (r) => {
        await qc.invalidateQueries({ queryKey: meQuery.queryKey });
        const me = await qc.fetchQuery(meQuery);
        if (r.status === "already_confirmed" && !me) {
          setState({
            kind: "error",
            title: "Confirmation Failed",
            text: "This link was already used and your email is confirmed. Please sign in.",
          });
          later(ERROR_REDIRECT_MS, "/auth?tab=signin");
          return;
        }
        setState({ kind: "success", already: r.status === "already_confirmed" });
        later(SUCCESS_REDIRECT_MS, "/chat");
      })
      .catch((err: unknown) => {
        // The server answers invalid_token for any token it cannot use, malformed ones included.
        const code = err instanceof ApiError ? err.code : null;
        if (code === "otp_expired" || code === "invalid_token") {
          saveAuthError({ code, description: "", email: get("email") });
          navigate(`/auth?error=${code}`, { replace: true });
          return;
        }
        setState({
          kind: "error",
          title: "Confirmation Failed",
          text: (err as Error).message || "We could not confirm your email.",
        });
        later(ERROR_REDIRECT_MS, "/auth?tab=signin");
      });
    return () => {
      for (const t of timers) clearTimeout(t);
    };
  }, [navigate, qc]);

  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50 px-4 dark:bg-slate-950">
      <Card className="w-full max-w-md text-center" data-testid="auth-callback" data-state={state.kind}>
        {state.kind === "processing" && (
          <div className="space-y-3">
            <Spinner className="h-8 w-8 text-brand-700" />
            <p className="font-medium">Confirming your email…</p>
          </div>
        )}
        {state.kind === "success" && (
          <div className="space-y-3">
            <CheckCircle2 className="mx-auto h-12 w-12 text-emerald-600" aria-hidden />
            <h1 className="text-xl font-semibold">Welcome to {brand.name}!</h1>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {state.already
                ? "Your email was already confirmed."
                : "Your email is confirmed and your 7-day free trial has started."}{" "}
              Taking you to the chat…
            </p>
          </div>
        )}
        {state.kind === "error" && (
          <div className="space-y-3">
            <XCircle className="mx-auto h-12 w-12 text-red-600" aria-hidden />
            <h1 className="text-xl font-semibold">{state.title}</h1>
            <p className="text-sm text-slate-600 dark:text-slate-400">{state.text}</p>
            <p className="text-xs text-slate-500">Redirecting to sign in…</p>
          </div>
        )}
        {state.kind === "none" && (
          <div className="space-y-3">
            <XCircle className="mx-auto h-12 w-12 text-slate-400" aria-hidden />
            <h1 className="text-xl font-semibold">No authentication tokens found</h1>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              This page expects the link from your confirmation email. Redirecting to the home page…
            </p>
          </div>
        )}
      </Card>
    </div>
  );
}
