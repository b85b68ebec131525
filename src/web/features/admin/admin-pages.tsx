/**
 * Admin area (SPEC.md §2.5, §6): every /admin page is wrapped in the admin guard; non-admins see
 * the 'Access Denied' card with their address, a button to the public site and Sign Out.
 */
import { useQuery } from "@tanstack/react-query";
import { ShieldAlert } from "lucide-react";
import type { adminApi } from "../../../contract/admin";
import type { ResponseOf } from "../../../contract/route";
import { Link, Outlet, useNavigate } from "react-router";
import { Button, buttonClass } from "../../components/ui/button";
import { Card, Spinner } from "../../components/ui/card";
import { api } from "../../lib/api";
import { signOut, useMe } from "../../lib/session";

export function AdminGuard() {
  const { data: me, isPending } = useMe();
  const navigate = useNavigate();
  if (isPending) return <Spinner className="m-10" />;
  if (!me?.user.isAdmin)
    return (
      <div className="flex min-h-[70vh] items-center justify-center px-4">
        <Card className="max-w-md text-center" data-testid="access-denied">
          <ShieldAlert className="mx-auto h-10 w-10 text-red-600" aria-hidden />
          <h1 className="mt-3 text-xl font-semibold">Access Denied</h1>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            You don't have permission to access this admin area.
          </p>
          {me && (
            <p className="mt-2 text-sm">
              Signed in as <strong>{me.user.email}</strong>
            </p>
          )}
          <div className="mt-6 flex justify-center gap-3">
            <Link to="/" className={buttonClass("outline")}>
              Go to Lexmate
            </Link>
            <Button onClick={() => signOut(navigate)}>Sign Out</Button>
          </div>
        </Card>
      </div>
    );
  return <Outlet />;
}

export function AdminDashboard() {
  const { data, isPending } = useQuery({
    queryKey: ["admin-overview"],
    queryFn: () => api<ResponseOf<typeof adminApi.overview>>("/api/admin/overview"),
  });
  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="text-2xl font-bold tracking-tight">Admin dashboard</h1>
      {isPending ? (
        <Spinner className="mt-6" />
      ) : (
        <div className="mt-6 grid gap-4 sm:grid-cols-2">
          <Card>
            <p className="text-sm text-slate-500">Accounts</p>
            <p className="text-3xl font-semibold">{data?.users ?? "N/A"}</p>
          </Card>
          <Card>
            <p className="text-sm text-slate-500">Error logs to investigate</p>
            <p className="text-3xl font-semibold">{data?.openErrors ?? "N/A"}</p>
          </Card>
        </div>
      )}
    </div>
  );
}
