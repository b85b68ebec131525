/**
 * Global screens (SPEC.md §2.6): 'Something went wrong' (route errors), 'Application Error'
 * (top-level boundary), 404, the honest placeholder for features later issues build, and the
 * upgrade card. Uncaught client errors are reported to POST /api/errors.
 */
import { Lock } from "lucide-react";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { Link, useRouteError } from "react-router";
import { Button, buttonClass } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { reportError } from "../../lib/report-error";

export { reportError };

export function RouteErrorScreen() {
  const error = useRouteError() as Error | undefined;
  if (error?.message) reportError(error.message, error.stack);
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4">
      <Card className="max-w-md text-center" role="alert">
        <h1 className="text-xl font-semibold">Something went wrong</h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          The application encountered an unexpected error. Please try refreshing the page.
        </p>
        <div className="mt-6 flex justify-center gap-3">
          <Button onClick={() => window.location.reload()}>Refresh Page</Button>
          <Link to="/" className={buttonClass("outline")}>
            Return Home
          </Link>
        </div>
      </Card>
    </div>
  );
}

export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  componentDidCatch(error: Error, info: ErrorInfo) {
    reportError(error.message, `${error.stack ?? ""}\n${info.componentStack ?? ""}`);
  }
  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="flex min-h-screen items-center justify-center px-4">
        <div className="max-w-md text-center" role="alert">
          <h1 className="text-xl font-semibold">Application Error</h1>
          <p className="mt-2 text-sm text-slate-600">
            The application encountered an unexpected error. Please try refreshing the page.
          </p>
          <button
            type="button"
            className={buttonClass("primary", "md", "mt-6")}
            onClick={() => window.location.reload()}
          >
            Reload Application
          </button>
        </div>
      </div>
    );
  }
}

export function NotFoundPage() {
  return (
    <div className="flex min-h-[70vh] items-center justify-center px-4">
      <div className="text-center">
        <p className="text-5xl font-bold text-brand-700">404</p>
        <h1 className="mt-4 text-2xl font-semibold">Page not found</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          The page you are looking for does not exist or has moved.
        </p>
        <Link to="/" className={buttonClass("primary", "md", "mt-6")}>
          Return Home
        </Link>
      </div>
    </div>
  );
}

/** An honest empty state for a feature a later release fills in. No fake data. */
export function FeaturePlaceholder({
  title,
  description,
  icon: Icon,
}: {
  title: string;
  description: string;
  icon?: React.ComponentType<{ className?: string }>;
}) {
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <Card className="mt-6 text-center">
        {Icon && <Icon className="mx-auto h-10 w-10 text-brand-700" />}
        <p className="mt-3 font-medium">{title} is coming soon</p>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{description}</p>
      </Card>
    </div>
  );
}

export function UpgradeCard({ feature }: { feature: string }) {
  return (
    <Card className="mx-auto max-w-lg text-center" data-testid="upgrade-card">
      <Lock className="mx-auto h-10 w-10 text-brand-700" aria-hidden />
      <h2 className="mt-3 text-lg font-semibold">{feature} is part of Unlimited</h2>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        Upgrade to Unlimited for {feature.toLowerCase()}, flashcards, the question bank, outlines, video courses and
        unlimited chat.
      </p>
      <Link to="/settings?upgrade=unlimited" className={buttonClass("primary", "md", "mt-6")}>
        Upgrade Your Account
      </Link>
    </Card>
  );
}
