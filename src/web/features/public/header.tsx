/**
 * The public header (SPEC.md §2.2), an island: Home, the Features dropdown (Case Briefs, Notes,
 * Outlines, Study, Chat, Courses → their routes), Non-Services, Pricing, About. On `/` it
 * highlights the section in view (scroll-spy) and its links scroll smoothly to the anchors;
 * elsewhere they go to `/#section`. Signed out: Log In and Sign Up. Signed in: a Chat button
 * and an account menu (address, Settings, Sign out). Below 1024 px a toggle menu holds the
 * same items and 'Signed in as' the address.
 */
import { clsx } from "clsx";
import { useEffect, useRef, useState } from "react";
import { buttonClass } from "../../components/ui/button";
import { applyTheme } from "../../lib/theme";
import { KEYS, write } from "../../lib/storage";
import { BrandMark, useBrand } from "./brand";
import { ChatIcon, ChevronDownIcon, CloseIcon, MenuIcon, MoonIcon, SignOutIcon, SunIcon } from "./icons";
import { FEATURE_LINKS, FEATURE_SECTION_IDS, NAV_ITEMS, sectionHref, sectionIds } from "./sections";
import { type Session, SiteLink, useSiteEnv } from "./site";
import { useActiveSection } from "./use-active-section";

export interface HeaderProps {
  session: Session | null;
  /** The page's path: scroll-spy runs on `/` only. */
  path: string;
}

type Open = null | "features" | "account" | "mobile";

const navLink =
  "whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white";
const navActive = "bg-brand-50 text-brand-800 dark:bg-brand-700/25 dark:text-white";
const menuItem =
  "flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 dark:focus:bg-slate-800";

/** Moves focus among the links and buttons of a menu with the arrow keys. */
function onMenuKeyDown(e: React.KeyboardEvent<HTMLElement>) {
  if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>("a, button")];
  const i = items.indexOf(document.activeElement as HTMLElement);
  const next = e.key === "ArrowDown" ? (i + 1) % items.length : (i - 1 + items.length) % items.length;
  items[next]?.focus();
  e.preventDefault();
}

function ThemeToggle() {
  const toggle = () => {
    const next = document.documentElement.classList.contains("dark") ? "light" : "dark";
    write(KEYS.theme, next);
    applyTheme(next);
  };
  return (
    <button
      type="button"
      onClick={toggle}
      className="rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
      aria-label="Toggle dark mode"
    >
      <MoonIcon className="h-5 w-5 dark:hidden" />
      <SunIcon className="hidden h-5 w-5 dark:block" />
    </button>
  );
}

export function PublicHeader({ session, path }: HeaderProps) {
  const brand = useBrand();
  const { signOut } = useSiteEnv();
  const [open, setOpen] = useState<Open>(null);
  const ref = useRef<HTMLElement>(null);
  const featuresButton = useRef<HTMLButtonElement>(null);
  const accountButton = useRef<HTMLButtonElement>(null);
  const active = useActiveSection(path === "/", sectionIds(brand.slug));

  useEffect(() => {
    const outside = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(null);
    };
    const esc = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen((o) => {
        if (o === "features") featuresButton.current?.focus();
        if (o === "account") accountButton.current?.focus();
        return null;
      });
    };
    document.addEventListener("mousedown", outside);
    document.addEventListener("keydown", esc);
    return () => {
      document.removeEventListener("mousedown", outside);
      document.removeEventListener("keydown", esc);
    };
  }, []);

  const toggle = (which: Exclude<Open, null>) => setOpen((o) => (o === which ? null : which));
  /** ArrowDown on a closed menu's button opens it and focuses its first item. */
  const openWithKeys = (which: "features" | "account", menuId: string) => (e: React.KeyboardEvent) => {
    if (e.key !== "ArrowDown") return;
    e.preventDefault();
    setOpen(which);
    requestAnimationFrame(() => document.getElementById(menuId)?.querySelector<HTMLElement>("a, button")?.focus());
  };
  const close = () => setOpen(null);
  const isActive = (ids: readonly string[]) => active !== null && ids.includes(active);
  const featuresActive = isActive(FEATURE_SECTION_IDS);

  return (
    <header
      ref={ref}
      className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/85 backdrop-blur-md dark:border-slate-800 dark:bg-slate-950/85"
      data-active-section={active ?? ""}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <SiteLink href={path === "/" ? "#top" : "/"} aria-label={`${brand.name} home`} className="rounded-lg">
          <BrandMark />
        </SiteLink>

        <nav className="hidden items-center gap-1 lg:flex" aria-label="Main">
          <a
            href={sectionHref(path, "top")}
            className={clsx(navLink, isActive(NAV_ITEMS[0].covers(brand.slug)) && navActive)}
            aria-current={isActive(NAV_ITEMS[0].covers(brand.slug)) ? "location" : undefined}
          >
            Home
          </a>
          <div className="relative">
            <button
              ref={featuresButton}
              type="button"
              className={clsx(navLink, "inline-flex items-center gap-1", featuresActive && navActive)}
              aria-expanded={open === "features"}
              aria-controls="features-menu"
              data-active={featuresActive || undefined}
              onClick={() => toggle("features")}
              onKeyDown={openWithKeys("features", "features-menu")}
            >
              Features{" "}
              <ChevronDownIcon className={clsx("h-4 w-4 transition-transform", open === "features" && "rotate-180")} />
            </button>
            {open === "features" && (
              <ul
                id="features-menu"
                className="absolute left-0 mt-2 w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl shadow-slate-900/10 dark:border-slate-800 dark:bg-slate-900"
                onKeyDown={onMenuKeyDown}
              >
                {FEATURE_LINKS.map((f) => (
                  <li key={f.to}>
                    <SiteLink href={f.to} className={menuItem} onClick={close}>
                      {f.label}
                    </SiteLink>
                  </li>
                ))}
              </ul>
            )}
          </div>
          {NAV_ITEMS.slice(1).map((item) => {
            const on = isActive(item.covers(brand.slug));
            // On /pricing and /unlimited, Pricing is the current page.
            const page = item.id === "pricing" && (path === "/pricing" || path === "/unlimited");
            return (
              <a
                key={item.id}
                href={sectionHref(path, item.id)}
                className={clsx(navLink, (on || page) && navActive)}
                aria-current={on ? "location" : page ? "page" : undefined}
              >
                {item.label}
              </a>
            );
          })}
        </nav>

        <div className="hidden items-center gap-2 lg:flex">
          <ThemeToggle />
          {session ? (
            <>
              <SiteLink href="/chat" className={buttonClass("primary", "sm")}>
                <ChatIcon /> Chat
              </SiteLink>
              <div className="relative">
                <button
                  ref={accountButton}
                  type="button"
                  className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800 ring-brand-500 hover:ring-2 dark:bg-brand-700/40 dark:text-white"
                  aria-label="Account menu"
                  aria-expanded={open === "account"}
                  aria-controls="account-menu"
                  onClick={() => toggle("account")}
                  onKeyDown={openWithKeys("account", "account-menu")}
                >
                  {session.email.slice(0, 1).toUpperCase()}
                </button>
                {open === "account" && (
                  <div
                    id="account-menu"
                    className="absolute right-0 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl shadow-slate-900/10 dark:border-slate-800 dark:bg-slate-900"
                    onKeyDown={onMenuKeyDown}
                  >
                    <p className="truncate px-3 pt-2 pb-1 text-xs text-slate-500 dark:text-slate-400">Signed in as</p>
                    <p className="truncate px-3 pb-2 text-sm font-medium" data-testid="account-email">
                      {session.email}
                    </p>
                    <div className="my-1 border-t border-slate-100 dark:border-slate-800" />
                    <SiteLink href="/settings" className={menuItem} onClick={close}>
                      Settings
                    </SiteLink>
                    <button type="button" className={menuItem} onClick={() => signOut()}>
                      <SignOutIcon /> Sign out
                    </button>
                  </div>
                )}
              </div>
            </>
          ) : (
            <>
              <SiteLink href="/auth" className={buttonClass("ghost", "sm")}>
                Log In
              </SiteLink>
              <SiteLink href="/auth?tab=signup" className={buttonClass("primary", "sm")}>
                Sign Up
              </SiteLink>
            </>
          )}
        </div>

        <div className="flex items-center gap-1 lg:hidden">
          <ThemeToggle />
          <button
            type="button"
            className="rounded-md p-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
            aria-label={open === "mobile" ? "Close menu" : "Open menu"}
            aria-expanded={open === "mobile"}
            aria-controls="mobile-menu"
            onClick={() => toggle("mobile")}
          >
            {open === "mobile" ? <CloseIcon className="h-6 w-6" /> : <MenuIcon className="h-6 w-6" />}
          </button>
        </div>
      </div>

      {open === "mobile" && (
        <nav
          id="mobile-menu"
          aria-label="Mobile"
          className="max-h-[calc(100vh-4rem)] overflow-y-auto border-t border-slate-200 px-4 pt-2 pb-5 lg:hidden dark:border-slate-800"
        >
          {session && (
            <p className="mb-2 rounded-lg bg-slate-50 px-3 py-2.5 text-sm text-slate-600 dark:bg-slate-900 dark:text-slate-400">
              Signed in as <span className="font-medium text-slate-900 dark:text-white">{session.email}</span>
            </p>
          )}
          <a href={sectionHref(path, "top")} className={clsx(navLink, "block")} onClick={close}>
            Home
          </a>
          <p className="px-3 pt-3 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
            Features
          </p>
          <div className="grid grid-cols-2 gap-x-2">
            {FEATURE_LINKS.map((f) => (
              <SiteLink key={f.to} href={f.to} className={clsx(navLink, "block")} onClick={close}>
                {f.label}
              </SiteLink>
            ))}
          </div>
          <div className="mt-2 border-t border-slate-100 pt-2 dark:border-slate-800">
            {NAV_ITEMS.slice(1).map((item) => (
              <a key={item.id} href={sectionHref(path, item.id)} className={clsx(navLink, "block")} onClick={close}>
                {item.label}
              </a>
            ))}
          </div>
          <div className="mt-4 grid grid-cols-2 gap-2">
            {session ? (
              <>
                <SiteLink href="/chat" className={buttonClass("primary", "md")} onClick={close}>
                  Chat
                </SiteLink>
                <SiteLink href="/settings" className={buttonClass("outline", "md")} onClick={close}>
                  Settings
                </SiteLink>
                <button type="button" onClick={() => signOut()} className={buttonClass("ghost", "md", "col-span-2")}>
                  Sign out
                </button>
              </>
            ) : (
              <>
                <SiteLink href="/auth" className={buttonClass("outline", "md")} onClick={close}>
                  Log In
                </SiteLink>
                <SiteLink href="/auth?tab=signup" className={buttonClass("primary", "md")} onClick={close}>
                  Sign Up
                </SiteLink>
              </>
            )}
          </div>
        </nav>
      )}
    </header>
  );
}
