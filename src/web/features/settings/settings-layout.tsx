/**
 * /settings/*: tabs on desktop, the mobile bottom bar of SPEC.md §2.4 (Account, Billing, Theme,
 * Stats, Roadmap). The roadmap is a tab on the desktop too (issue 12 item 25).
 */
import { BarChart3, CreditCard, Map as MapIcon, Palette, User } from "lucide-react";
import { NavLink, Outlet } from "react-router";

const TABS = [
  { to: "/settings/account", label: "Account", icon: User },
  { to: "/settings", label: "Billing", icon: CreditCard, end: true },
  { to: "/settings/appearance", label: "Theme", icon: Palette },
  { to: "/settings/statistics", label: "Stats", icon: BarChart3 },
];

export function SettingsLayout() {
  const tab = ({ isActive }: { isActive: boolean }) =>
    `rounded-lg px-3 py-2 text-sm font-medium ${isActive ? "bg-slate-900 text-white dark:bg-white dark:text-slate-900" : "text-slate-600 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800"}`;
  return (
    <div className="mx-auto max-w-3xl pb-20 md:pb-0">
      <h1 className="text-2xl font-bold tracking-tight">Settings</h1>
      <nav className="mt-4 hidden gap-2 md:flex" aria-label="Settings">
        {TABS.map((t) => (
          <NavLink key={t.to} to={t.to} end={t.end} className={tab}>
            {t.label === "Billing"
              ? "Subscription"
              : t.label === "Theme"
                ? "Appearance"
                : t.label === "Stats"
                  ? "Statistics"
                  : t.label}
          </NavLink>
        ))}
        <NavLink to="/roadmap" className={tab}>
          Roadmap
        </NavLink>
      </nav>
      <div className="mt-6">
        <Outlet />
      </div>
      <nav
        className="fixed inset-x-0 bottom-0 z-30 grid grid-cols-5 border-t border-slate-200 bg-white md:hidden dark:border-slate-800 dark:bg-slate-950"
        aria-label="Settings sections"
      >
        {[...TABS, { to: "/roadmap", label: "Roadmap", icon: MapIcon }].map((t) => (
          <NavLink
            key={t.to}
            to={t.to}
            end={"end" in t ? t.end : false}
            className={({ isActive }) =>
              `flex flex-col items-center gap-0.5 py-2 text-xs ${isActive ? "text-brand-700 dark:text-brand-500" : "text-slate-500"}`
            }
          >
            <t.icon className="h-5 w-5" aria-hidden />
            {t.label}
          </NavLink>
        ))}
      </nav>
    </div>
  );
}
