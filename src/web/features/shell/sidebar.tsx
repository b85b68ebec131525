/**
 * The signed-in sidebar (SPEC.md §2.3, §4): entries and their active rules; collapsed (w-16) or
 * expanded (w-64); on desktop it expands on hover unless pinned; the pin is remembered and not
 * offered on mobile; on narrow screens (< 768 px) it is a drawer that a click outside closes;
 * the threads section can be collapsed (remembered); a `lexmate:focus-mode` event collapses and
 * unpins it. Sign out goes to /login.
 */
import { clsx } from "clsx";
import {
  BookOpen,
  Brain,
  ChevronDown,
  ChevronRight,
  FileText,
  GraduationCap,
  Layers,
  LogOut,
  Menu,
  MessageSquare,
  Pin,
  PinOff,
  Settings,
  ShieldCheck,
  X,
} from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { signOut, useMe } from "../../lib/session";
import { KEYS, read, write } from "../../lib/storage";
import { BrandMark } from "../public/brand";

export const NAV = [
  { label: "Chat", to: "/chat", icon: MessageSquare, active: (p: string) => p === "/chat" || p.startsWith("/chat/") },
  {
    label: "Case Law",
    to: "/cases",
    icon: BookOpen,
    active: (p: string) =>
      p.startsWith("/cases") ||
      p.startsWith("/case-collections") ||
      p.startsWith("/case-law") ||
      p.startsWith("/library"),
  },
  { label: "Notes", to: "/notes", icon: FileText, active: (p: string) => p.startsWith("/notes") },
  { label: "Outlines", to: "/outlines/library", icon: Layers, active: (p: string) => p.startsWith("/outlines") },
  {
    label: "Study",
    to: "/flashcards/study",
    icon: Brain,
    active: (p: string) => p.startsWith("/flashcards") || p.startsWith("/quiz") || p.startsWith("/exam"),
  },
  {
    label: "Courses",
    to: "/courses",
    icon: GraduationCap,
    active: (p: string) => p.startsWith("/courses") || p.startsWith("/course/") || p.startsWith("/course-detail"),
  },
  { label: "Settings", to: "/settings/account", icon: Settings, active: (p: string) => p.startsWith("/settings") },
];

export const FOCUS_MODE_EVENT = "lexmate:focus-mode";
const NARROW_PX = 768;

function useNarrow() {
  const [narrow, setNarrow] = useState(() => window.innerWidth < NARROW_PX);
  useEffect(() => {
    const on = () => setNarrow(window.innerWidth < NARROW_PX);
    window.addEventListener("resize", on);
    return () => window.removeEventListener("resize", on);
  }, []);
  return narrow;
}

export function Sidebar({ threads }: { threads?: React.ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { data: me } = useMe();
  const narrow = useNarrow();
  const [pinned, setPinnedState] = useState(() => read(KEYS.sidebarPinned) !== "0");
  const [hover, setHover] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [threadsCollapsed, setThreadsCollapsed] = useState(() => read(KEYS.threadsCollapsed) === "1");
  const ref = useRef<HTMLElement>(null);

  const setPinned = useCallback((v: boolean) => {
    write(KEYS.sidebarPinned, v ? "1" : "0");
    setPinnedState(v);
  }, []);

  useEffect(() => {
    const onFocus = () => {
      setPinned(false);
      setHover(false);
      setDrawerOpen(false);
    };
    window.addEventListener(FOCUS_MODE_EVENT, onFocus);
    return () => window.removeEventListener(FOCUS_MODE_EVENT, onFocus);
  }, [setPinned]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the drawer closes on navigation
  useEffect(() => setDrawerOpen(false), [pathname]);

  useEffect(() => {
    if (!narrow || !drawerOpen) return;
    const onDown = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setDrawerOpen(false);
    };
    document.addEventListener("mousedown", onDown);
    return () => document.removeEventListener("mousedown", onDown);
  }, [narrow, drawerOpen]);

  const expanded = narrow ? drawerOpen : pinned || hover;

  return (
    <>
      {narrow && (
        <button
          type="button"
          className="fixed top-[calc(var(--banner-h,0px)+0.5625rem)] left-3 z-30 rounded-lg border border-slate-200 bg-white p-2 shadow-sm dark:border-slate-800 dark:bg-slate-900"
          aria-label="Open sidebar"
          onClick={() => setDrawerOpen(true)}
        >
          <Menu className="h-5 w-5" />
        </button>
      )}
      <aside
        ref={ref}
        data-testid="sidebar"
        data-expanded={expanded}
        data-pinned={!narrow && pinned}
        onMouseEnter={() => !narrow && setHover(true)}
        onMouseLeave={() => !narrow && setHover(false)}
        className={clsx(
          "z-40 flex h-[calc(100dvh-var(--banner-h,0px))] shrink-0 flex-col border-r border-slate-200 bg-slate-50 transition-[width,transform] duration-200 dark:border-slate-800 dark:bg-slate-900",
          narrow ? "fixed top-[var(--banner-h,0px)] bottom-0 left-0 w-64" : "sticky top-[var(--banner-h,0px)]",
          narrow && !drawerOpen && "-translate-x-full",
          !narrow && (expanded ? "w-64" : "w-16"),
        )}
        aria-label="Sidebar"
      >
        <div className="flex h-14 items-center justify-between px-3">
          <Link to="/chat" aria-label="Chat">
            <BrandMark compact={!expanded} />
          </Link>
          {expanded &&
            (narrow ? (
              <button
                type="button"
                className="rounded p-1.5 hover:bg-slate-200 dark:hover:bg-slate-800"
                aria-label="Close sidebar"
                onClick={() => setDrawerOpen(false)}
              >
                <X className="h-4 w-4" />
              </button>
            ) : (
              <button
                type="button"
                className="rounded p-1.5 text-slate-500 dark:text-slate-400 hover:bg-slate-200 dark:hover:bg-slate-800"
                aria-label={pinned ? "Unpin sidebar" : "Pin sidebar"}
                aria-pressed={pinned}
                onClick={() => setPinned(!pinned)}
              >
                {pinned ? <PinOff className="h-4 w-4" /> : <Pin className="h-4 w-4" />}
              </button>
            ))}
        </div>
        <nav className="flex-1 space-y-1 overflow-y-auto px-2 py-2" aria-label="App">
          {[
            ...NAV,
            // Administrators keep the student app on the main host and get the console here (SPEC.md §2.5).
            ...(me?.user.isAdmin
              ? [
                  {
                    label: "Admin",
                    to: "/admin/dashboard",
                    icon: ShieldCheck,
                    active: (p: string) => p.startsWith("/admin"),
                  },
                ]
              : []),
          ].map((item) => {
            const active = item.active(pathname);
            return (
              <Link
                key={item.to}
                to={item.to}
                aria-current={active ? "page" : undefined}
                title={expanded ? undefined : item.label}
                className={clsx(
                  "flex h-10 items-center gap-3 rounded-lg px-3 text-sm font-medium",
                  active
                    ? "bg-brand-700 text-white"
                    : "text-slate-700 hover:bg-slate-200 dark:text-slate-300 dark:hover:bg-slate-800",
                )}
              >
                <item.icon className="h-5 w-5 shrink-0" aria-hidden />
                {expanded && <span className="truncate">{item.label}</span>}
              </Link>
            );
          })}
          {expanded && threads && (
            <div className="pt-4">
              <button
                type="button"
                className="flex w-full items-center gap-1 px-3 py-1 text-xs font-semibold tracking-wide text-slate-500 dark:text-slate-400 uppercase"
                aria-expanded={!threadsCollapsed}
                onClick={() => {
                  write(KEYS.threadsCollapsed, threadsCollapsed ? "0" : "1");
                  setThreadsCollapsed(!threadsCollapsed);
                }}
              >
                {threadsCollapsed ? <ChevronRight className="h-3.5 w-3.5" /> : <ChevronDown className="h-3.5 w-3.5" />}{" "}
                Conversations
              </button>
              {!threadsCollapsed && threads}
            </div>
          )}
        </nav>
        <div className="border-t border-slate-200 p-2 dark:border-slate-800">
          {expanded && me && (
            <p className="truncate px-3 py-1 text-xs text-slate-500 dark:text-slate-400">{me.user.email}</p>
          )}
          {me?.user.isAdmin && (
            <Link
              to="/admin/dashboard"
              title={expanded ? undefined : "Admin console"}
              className="flex h-10 w-full items-center gap-3 rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-200 dark:text-slate-300 dark:hover:bg-slate-800"
            >
              <ShieldCheck className="h-5 w-5 shrink-0" aria-hidden />
              {expanded && "Admin console"}
            </Link>
          )}
          <button
            type="button"
            onClick={() => signOut(navigate, "/login")}
            className="flex h-10 w-full items-center gap-3 rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-200 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            <LogOut className="h-5 w-5 shrink-0" aria-hidden />
            {expanded && "Sign out"}
          </button>
        </div>
      </aside>
    </>
  );
}
