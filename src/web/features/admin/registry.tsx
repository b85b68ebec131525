/**
 * The admin console's page registry (SPEC.md §2.5, issue 17): one line per page. The route table
 * (admin-routes.tsx) and the console's navigation (admin-layout.tsx) are built from this list, so
 * a new admin page is one import and one entry here. `path` is relative to /admin; `component` is
 * lazy so each page is its own chunk; `nav: false` hides a page from the navigation (detail pages).
 * A page not built yet keeps an honest 'coming soon' (`soon(...)`).
 */
import type { LucideIcon } from "lucide-react";
import {
  Activity,
  Bot,
  BookOpen,
  Brain,
  CreditCard,
  FileWarning,
  GraduationCap,
  LayoutDashboard,
  Layers,
  ListChecks,
  ScrollText,
  Settings,
  Shield,
  UserCog,
  Users,
  Wrench,
} from "lucide-react";
import { type ComponentType, lazy, type LazyExoticComponent } from "react";

export interface AdminPage {
  /** Path under /admin, react-router syntax (e.g. `users/:userId`). */
  path: string;
  title: string;
  icon: LucideIcon;
  component: LazyExoticComponent<ComponentType>;
  /** Shown in the console's navigation (default true). */
  nav?: boolean;
}

const soon = (title: string, description: string) =>
  lazy(() => import("./coming-soon").then((m) => ({ default: () => m.ComingSoon({ title, description }) })));

export const ADMIN_PAGES: AdminPage[] = [
  { path: "dashboard", title: "Dashboard", icon: LayoutDashboard, component: lazy(() => import("./dashboard-page")) },
  { path: "users", title: "Users", icon: Users, component: lazy(() => import("./users-page")) },
  { path: "users/:userId", title: "User", icon: Users, component: lazy(() => import("./user-page")), nav: false },
  { path: "set-admin", title: "Set admin", icon: UserCog, component: lazy(() => import("./set-admin-page")) },
  { path: "audit-log", title: "Audit log", icon: ScrollText, component: lazy(() => import("./audit-page")) },
  { path: "settings", title: "Settings", icon: Settings, component: lazy(() => import("./settings-page")) },
  {
    path: "security",
    title: "Security",
    icon: Shield,
    component: lazy(() => import("./ops/security-page")),
  },
  {
    path: "error-logs",
    title: "Error logs",
    icon: FileWarning,
    component: lazy(() => import("./ops/error-logs-page")),
  },
  {
    path: "courses",
    title: "Courses",
    icon: GraduationCap,
    component: lazy(() => import("../courses/admin/courses-list-page")),
  },
  {
    path: "courses/:courseId",
    title: "Course",
    icon: GraduationCap,
    component: lazy(() => import("../courses/admin/course-editor-page")),
    nav: false,
  },
  {
    path: "flashcards",
    title: "Flashcards",
    icon: Brain,
    component: lazy(() => import("./content/flashcards-page")),
  },
  {
    path: "outlines",
    title: "Outlines",
    icon: Layers,
    component: lazy(() => import("./content/outlines-page")),
  },
  {
    path: "cases",
    title: "Cases",
    icon: BookOpen,
    component: lazy(() => import("./ops/cases-page")),
  },
  {
    path: "askjds",
    title: "Companion",
    icon: Bot,
    component: lazy(() => import("./ops/askjds-page")),
  },
  {
    path: "price-mapping",
    title: "Price mapping",
    icon: CreditCard,
    component: lazy(() => import("./ops/price-mapping-page")),
  },
  {
    path: "utilities",
    title: "Utilities",
    icon: Wrench,
    component: lazy(() => import("./ops/utilities-page")),
  },
  {
    path: "batch-monitor",
    title: "Batch monitor",
    icon: ListChecks,
    component: lazy(() => import("./ops/batch-monitor-page")),
  },
];

/** Icon for the 'Admin' entry of the student app's sidebar. */
export const ADMIN_ICON: LucideIcon = Activity;
