/**
 * /settings/account (SPEC.md §2.4, §5, §8): profile form (first name, last name, read-only email)
 * and change-password form with every §5 message. The current password is verified by the server
 * (better-auth checks it against the account); a wrong one shows 'Current password is incorrect'.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import type { accountApi } from "../../../contract/account";
import type { ResponseOf } from "../../../contract/route";
import { meetsPasswordRules } from "../../../domain/password";
import { Button } from "../../components/ui/button";
import { Card, Spinner } from "../../components/ui/card";
import { Field, Input, PasswordInput } from "../../components/ui/input";
import { ApiError, api } from "../../lib/api";
import { useMe } from "../../lib/session";
import { toast } from "../../lib/toast";
import { authFailureMessage } from "../auth/messages";
import { EasyToGuessTips, PasswordChecklist } from "../auth/password-checklist";

/** `GET /api/profile` and `PATCH /api/profile`. */
type Profile = ResponseOf<typeof accountApi.profile>;

export default function AccountPage() {
  return (
    <div className="space-y-6">
      <ProfileForm />
      <PasswordForm />
    </div>
  );
}

function ProfileForm() {
  const qc = useQueryClient();
  const { data, isPending, isError } = useQuery({ queryKey: ["profile"], queryFn: () => api<Profile>("/api/profile") });
  const [first, setFirst] = useState("");
  const [last, setLast] = useState("");
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (data) {
      setFirst(data.firstName);
      setLast(data.lastName);
    }
  }, [data]);
  useEffect(() => {
    if (isError)
      toast.add({
        title: "Error",
        description: "Failed to load profile data. Please try again later.",
        variant: "destructive",
      });
  }, [isError]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSaving(true);
    try {
      const p = await api<Profile>("/api/profile", { method: "PATCH", body: { firstName: first, lastName: last } });
      qc.setQueryData(["profile"], p);
      void qc.invalidateQueries({ queryKey: ["me"] });
      toast.add({ title: "Profile updated successfully", variant: "success" });
    } catch (err) {
      toast.add({
        title: "Error",
        description: (err as Error).message || "Failed to update profile",
        variant: "destructive",
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card>
      <h2 className="text-lg font-semibold">Profile</h2>
      {isPending ? (
        <Spinner className="mt-4" />
      ) : (
        <form onSubmit={submit} className="mt-4 space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="First name" htmlFor="first-name">
              <Input
                id="first-name"
                value={first}
                maxLength={100}
                onChange={(e) => setFirst(e.target.value)}
                autoComplete="given-name"
              />
            </Field>
            <Field label="Last name" htmlFor="last-name">
              <Input
                id="last-name"
                value={last}
                maxLength={100}
                onChange={(e) => setLast(e.target.value)}
                autoComplete="family-name"
              />
            </Field>
          </div>
          <Field label="Email" htmlFor="email" hint="Your email address cannot be changed here.">
            <Input id="email" value={data?.email ?? ""} readOnly disabled />
          </Field>
          <Button type="submit" disabled={saving}>
            {saving && <Spinner className="h-4 w-4" />} Save Profile
          </Button>
        </form>
      )}
    </Card>
  );
}

type Errors = Partial<Record<"current" | "next" | "confirm" | "form", string>>;

export function validatePasswordForm(current: string, next: string, confirm: string): Errors {
  const e: Errors = {};
  if (!current) e.current = "Current password is required";
  if (!next) e.next = "New password is required";
  else if (!meetsPasswordRules(next)) e.next = "Password does not meet all requirements";
  else if (current && next === current) e.next = "New password must be different from current password";
  if (!confirm) e.confirm = "Please confirm your new password";
  else if (next && confirm !== next) e.confirm = "Passwords do not match";
  return e;
}

function PasswordForm() {
  const { data: me } = useMe();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const clear = (k: keyof Errors) => setErrors((e) => ({ ...e, [k]: undefined, form: undefined }));
  const reset = () => {
    setCurrent("");
    setNext("");
    setConfirm("");
    setErrors({});
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!me?.user.email) {
      setErrors({ form: "User email not found" });
      return;
    }
    const v = validatePasswordForm(current, next, confirm);
    setErrors(v);
    if (Object.values(v).some(Boolean)) return;
    setSaving(true);
    try {
      await api("/api/auth/change-password", {
        body: { currentPassword: current, newPassword: next, revokeOtherSessions: true },
      });
      toast.add({
        title: "Password Updated",
        description: "Your password has been successfully changed.",
        variant: "success",
      });
      reset();
    } catch (err) {
      if (err instanceof ApiError && (err.code === "INVALID_PASSWORD" || /invalid password/i.test(err.message)))
        setErrors({ current: "Current password is incorrect" });
      else setErrors({ form: authFailureMessage(err, "Failed to change password. Please try again.") });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card>
      <h2 className="text-lg font-semibold">Change password</h2>
      <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
        <Field label="Current password" htmlFor="current-password" error={errors.current}>
          <PasswordInput
            id="current-password"
            toggleLabel="current password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => {
              setCurrent(e.target.value);
              clear("current");
            }}
          />
        </Field>
        <Field label="New password" htmlFor="new-password" error={errors.next}>
          <PasswordInput
            id="new-password"
            toggleLabel="new password"
            autoComplete="new-password"
            value={next}
            onChange={(e) => {
              setNext(e.target.value);
              clear("next");
            }}
          />
        </Field>
        {next && <PasswordChecklist password={next} />}
        <Field label="Confirm new password" htmlFor="confirm-password" error={errors.confirm}>
          <PasswordInput
            id="confirm-password"
            toggleLabel="password confirmation"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => {
              setConfirm(e.target.value);
              clear("confirm");
            }}
          />
        </Field>
        {errors.form && (
          <div role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
            {errors.form}
            {/easy to guess/i.test(errors.form) && <EasyToGuessTips />}
          </div>
        )}
        <div className="flex gap-3">
          <Button type="submit" disabled={saving}>
            {saving && <Spinner className="h-4 w-4" />} Update Password
          </Button>
          <Button variant="outline" onClick={reset}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}
