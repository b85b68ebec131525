/**
 * Protected-route gate (SPEC.md §4, §9): while auth is unresolved show 'Checking authorization...',
 * after 2 s 'Taking longer than expected...', after 10 s redirect to login. Signed out → /auth.
 * More than 3 redirect attempts within a short time shows 'Authorization Issue' with Reload Page
 * and Go to Login, and forces a reload after 2 s. An attempt only counts until the sign-in form
 * is shown to a signed-out visitor (auth-page.tsx clears the count): an ordinary redirect to sign
 * in is not a loop, however many protected links a visitor follows (issue 12 item 17). The page
 * asked for travels to /auth (navigation state and this tab's session storage) so sign-in returns
 * to it (item 18). Also remembers the last visited path.
 */
import { useEffect, useState } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/card";
import { useMe } from "../../lib/session";
import { clearAuthStorage, KEYS, read, write } from "../../lib/storage";

export const SLOW_NOTICE_MS = 2000;
export const REDIRECT_AFTER_MS = 10_000;
export const MAX_REDIRECT_ATTEMPTS = 3;
const ATTEMPT_WINDOW_MS = 30_000;

function redirectAttempts(): number[] {
  try {
    return (JSON.parse(read(KEYS.redirectAttempts) ?? "[]") as number[]).filter(
      (t) => Date.now() - t < ATTEMPT_WINDOW_MS,
    );
  } catch {
    return [];
  }
}

export function ProtectedGate({ children }: { children: React.ReactNode }) {
  const { data: me, isPending, isError } = useMe();
  const location = useLocation();
  const [slow, setSlow] = useState(false);
  const [timedOut, setTimedOut] = useState(false);

  useEffect(() => {
    if (!isPending) return;
    const a = setTimeout(() => setSlow(true), SLOW_NOTICE_MS);
    const b = setTimeout(() => setTimedOut(true), REDIRECT_AFTER_MS);
    return () => {
      clearTimeout(a);
      clearTimeout(b);
    };
  }, [isPending]);

  useEffect(() => {
    if (me && !["/auth", "/login", "/"].includes(location.pathname))
      write(KEYS.lastVisited, location.pathname + location.search);
  }, [me, location.pathname, location.search]);

  if (me) {
    write(KEYS.redirectAttempts, null);
    return <>{children}</>;
  }
  if (isPending && !timedOut)
    return (
      <div
        className="flex min-h-screen flex-col items-center justify-center gap-3 text-slate-600 dark:text-slate-400"
        role="status"
      >
        <Spinner className="h-8 w-8 text-brand-700" />
        <p>{slow ? "Taking longer than expected..." : "Checking authorization..."}</p>
      </div>
    );
  if (isError && !timedOut)
    return (
      <div className="flex min-h-screen flex-col items-center justify-center gap-3" role="alert">
        <p>We could not reach the server. Please check your connection.</p>
        <Button onClick={() => window.location.reload()}>Reload Page</Button>
      </div>
    );
  const attempts = [...redirectAttempts(), Date.now()];
  write(KEYS.redirectAttempts, JSON.stringify(attempts));
  if (attempts.length > MAX_REDIRECT_ATTEMPTS) return <AuthorizationIssue />;
  const from = location.pathname + location.search + location.hash;
  write(KEYS.returnTo, from, true);
  // Course pages (SPEC.md §4 course guard): /auth?redirectTo={path}, and sign-in returns there.
  if (/^\/(courses?|course-detail)(\/|$)/.test(location.pathname))
    return <Navigate to={`/auth?redirectTo=${encodeURIComponent(from)}`} replace state={{ from }} />;
  return <Navigate to="/auth" replace state={{ from }} />;
}

export function AuthorizationIssue() {
  const navigate = useNavigate();
  useEffect(() => {
    const t = setTimeout(() => {
      write(KEYS.redirectAttempts, null);
      window.location.reload();
    }, 2000);
    return () => clearTimeout(t);
  }, []);
  return (
    <div className="flex min-h-screen items-center justify-center px-4">
      <div className="max-w-md rounded-2xl border border-slate-200 p-8 text-center dark:border-slate-800" role="alert">
        <h1 className="text-xl font-semibold">Authorization Issue</h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          We got stuck redirecting you to sign in. Reloading the page usually fixes this.
        </p>
        <div className="mt-6 flex justify-center gap-3">
          <Button onClick={() => window.location.reload()}>Reload Page</Button>
          <Button
            variant="outline"
            onClick={() => {
              clearAuthStorage();
              write(KEYS.redirectAttempts, null);
              navigate("/auth", { replace: true });
            }}
          >
            Go to Login
          </Button>
        </div>
      </div>
    </div>
  );
}
