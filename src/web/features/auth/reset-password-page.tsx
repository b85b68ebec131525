/** /auth/reset-password?token=…: choose a new password (same rules as sign-up). */
import { type FormEvent, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { meetsPasswordRules } from "../../../domain/password";
import { Button } from "../../components/ui/button";
import { Card, Spinner } from "../../components/ui/card";
import { Field, PasswordInput } from "../../components/ui/input";
import { api } from "../../lib/api";
import { toast } from "../../lib/toast";
import { authFailureMessage } from "./messages";
import { EasyToGuessTips, PasswordChecklist } from "./password-checklist";

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get("token");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!meetsPasswordRules(password)) return setError("Password does not meet all requirements");
    if (password !== confirm) return setError("Passwords do not match");
    setBusy(true);
    setError(null);
    try {
      await api("/api/auth/reset-password", { body: { newPassword: password, token } });
      toast.add({ title: "Password Updated", description: "Sign in with your new password.", variant: "success" });
      navigate("/auth?tab=signin");
    } catch (err) {
      const msg = (err as Error).message;
      setError(
        /invalid token/i.test(msg)
          ? "This reset link is invalid or has expired. Please request a new one."
          : authFailureMessage(err, "We could not update your password. Please try again."),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50 px-4 dark:bg-slate-950">
      <Card className="w-full max-w-md">
        {!token ? (
          <p>
            This page needs the link from your reset email.{" "}
            <Link className="underline" to="/auth?tab=forgot">
              Request a new one
            </Link>
            .
          </p>
        ) : (
          <form onSubmit={submit} className="space-y-4" noValidate>
            <h1 className="text-xl font-semibold">Choose a new password</h1>
            <Field label="New password" htmlFor="reset-password">
              <PasswordInput
                id="reset-password"
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </Field>
            <PasswordChecklist password={password} />
            <Field label="Confirm new password" htmlFor="reset-confirm">
              <PasswordInput
                id="reset-confirm"
                autoComplete="new-password"
                value={confirm}
                onChange={(e) => setConfirm(e.target.value)}
              />
            </Field>
            {error && (
              <div
                role="alert"
                className="rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
              >
                {error}
                {/easy to guess/i.test(error) && <EasyToGuessTips />}
                {/expired|invalid/i.test(error) && (
                  <Link className="mt-1 block underline" to="/auth?tab=forgot">
                    Request a new link
                  </Link>
                )}
              </div>
            )}
            <Button type="submit" className="w-full" disabled={busy || !password}>
              {busy && <Spinner className="h-4 w-4" />} Update Password
            </Button>
          </form>
        )}
      </Card>
    </div>
  );
}
