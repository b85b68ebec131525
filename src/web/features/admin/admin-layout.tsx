/**
 * The admin console's frame (SPEC.md §2.5, §6): the admin guard — a non-admin sees the
 * 'Access Denied' card with their address, a button to the product's public site and Sign Out —
 * then the console navigation built from the page registry and the routed page.
 * On an ADMIN_HOSTS host the console is the whole app; on the main host it links back to the app.
 */
import { clsx } from "clsx";
import { ArrowLeft, LogOut, ShieldAlert } from "lucide-react";
import { NavLink, Outlet, useNavigate } from "react-router";
import { Button, buttonClass } from "../../components/ui/button";
import { Card, Spinner } from "../../components/ui/card";
import { readBoot } from "../../lib/boot";
import { signOut, useMe } from "../../lib/session";
import { ADMIN_PAGES } from "./registry";

export function AccessDenied({ email }: { email?: string }) {
  const navigate = useNavigate();
  return (
    <div className="flex min-h-[70vh] items-center justify-center px-4">
      <Card className="max-w-md text-center" data-testid="access-denied">
        <ShieldAlert className="mx-auto h-10 w-10 text-red-600" aria-hidden />
        <h1 className="mt-3 text-xl font-semibold">Access Denied</h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          You don't have permission to access this admin area.
        </p>
        {email && (
          <p className="mt-2 text-sm">
            Signed in as <strong>{email}</strong>
          </p>
        )}
        <div className="mt-6 flex justify-center gap-3">
          {/* The product's public site: a full page load, so an admin host's route table does not catch it. */}
          <a href={readBoot().domain === "admin" ? "/auth" : "/"} className={buttonClass("outline")}>
            Go to {readBoot().brand.name}
          </a>
          <Button onClick={() => signOut(navigate, "/auth")}>Sign Out</Button>
        </div>
      </Card>
    </div>
  );
}

export function AdminLayout() {
  const { data: me, isPending } = useMe();
  const navigate = useNavigate();
  const onAdminHost = readBoot().domain === "admin";
  if (isPending) return <Spinner className="m-10" />;
  if (!me?.user.isAdmin) return <AccessDenied email={me?.user.email} />;
  return (
    <div className="flex min-h-dvh flex-col md:flex-row">
      <aside
        className="shrink-0 border-b border-slate-200 bg-slate-50 md:sticky md:top-0 md:h-dvh md:w-56 md:border-r md:border-b-0 dark:border-slate-800 dark:bg-slate-900"
        aria-label="Admin"
      >
        <div className="flex h-14 items-center justify-between px-4">
          <span className="font-semibold">
            {readBoot().brand.name} <span className="text-brand-700 dark:text-brand-400">Admin</span>
          </span>
          <button
            type="button"
            className="rounded p-1.5 text-slate-500 hover:bg-slate-200 md:hidden dark:hover:bg-slate-800"
            aria-label="Sign out"
            onClick={() => signOut(navigate, "/auth")}
          >
            <LogOut className="h-4 w-4" />
          </button>
        </div>
        <nav className="flex gap-1 overflow-x-auto px-2 pb-2 md:flex-col md:overflow-visible" aria-label="Admin pages">
          {ADMIN_PAGES.filter((p) => p.nav !== false).map((p) => (
            <NavLink
              key={p.path}
              to={`/admin/${p.path}`}
              className={({ isActive }) =>
                clsx(
                  "flex h-9 shrink-0 items-center gap-2.5 rounded-lg px-3 text-sm font-medium whitespace-nowrap",
                  isActive
                    ? "bg-brand-700 text-white"
                    : "text-slate-700 hover:bg-slate-200 dark:text-slate-300 dark:hover:bg-slate-800",
                )
              }
            >
              <p.icon className="h-4 w-4 shrink-0" aria-hidden />
              {p.title}
            </NavLink>
          ))}
        </nav>
        <div className="hidden border-t border-slate-200 p-2 md:block dark:border-slate-800">
          <p className="truncate px-3 py-1 text-xs text-slate-500 dark:text-slate-400">{me.user.email}</p>
          {!onAdminHost && (
            <NavLink to="/chat" className={buttonClass("ghost", "sm", "w-full justify-start")}>
              <ArrowLeft className="h-4 w-4" aria-hidden /> Back to the app
            </NavLink>
          )}
          <Button variant="ghost" size="sm" className="w-full justify-start" onClick={() => signOut(navigate, "/auth")}>
            <LogOut className="h-4 w-4" aria-hidden /> Sign out
          </Button>
        </div>
      </aside>
      <main className="min-w-0 flex-1 px-4 pt-6 pb-10 md:px-8">
        <Outlet />
      </main>
    </div>
  );
}
