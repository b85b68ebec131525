/**
 * Header and footer of the public pages (SPEC.md §2.2): signed-out Log In / Sign Up; signed-in
 * Chat button and account menu (address, Settings, Sign out); mobile toggle menu with
 * 'Signed in as'. Footer: copyright with the current year and the §2.2 links.
 */
import { ChevronDown, Menu, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, Outlet, useLocation, useNavigate } from "react-router";
import { buttonClass } from "../../components/ui/button";
import { signOut, useMe } from "../../lib/session";
import { BrandMark, useBrand } from "./brand";

export const FEATURE_LINKS = [
  { label: "Case Briefs", to: "/cases" },
  { label: "Notes", to: "/notes" },
  { label: "Outlines", to: "/outlines" },
  { label: "Study", to: "/flashcards" },
  { label: "Chat", to: "/chat" },
  { label: "Courses", to: "/courses" },
];

export function PublicHeader() {
  const { data: me } = useMe();
  const navigate = useNavigate();
  const [mobileOpen, setMobileOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [featuresOpen, setFeaturesOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the menus whenever the route changes
  useEffect(() => {
    setMobileOpen(false);
    setMenuOpen(false);
    setFeaturesOpen(false);
  }, [location.pathname]);
  useEffect(() => {
    const close = (e: MouseEvent) => {
      if (menuRef.current && !menuRef.current.contains(e.target as Node)) {
        setMenuOpen(false);
        setFeaturesOpen(false);
      }
    };
    const esc = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setMenuOpen(false);
        setFeaturesOpen(false);
        setMobileOpen(false);
      }
    };
    document.addEventListener("mousedown", close);
    document.addEventListener("keydown", esc);
    return () => {
      document.removeEventListener("mousedown", close);
      document.removeEventListener("keydown", esc);
    };
  }, []);

  const section = (id: string) => (location.pathname === "/" ? `#${id}` : `/#${id}`);
  const navLink = "rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white";

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4" ref={menuRef}>
        <Link to="/" aria-label="Home">
          <BrandMark />
        </Link>
        <nav className="hidden items-center gap-1 md:flex" aria-label="Main">
          <a href={section("top")} className={navLink}>Home</a>
          <div className="relative">
            <button type="button" className={`${navLink} inline-flex items-center gap-1`} aria-expanded={featuresOpen} aria-haspopup="menu" onClick={() => setFeaturesOpen((o) => !o)}>
              Features <ChevronDown className="h-4 w-4" aria-hidden />
            </button>
            {featuresOpen && (
              <div role="menu" className="absolute left-0 mt-2 w-48 rounded-xl border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-800 dark:bg-slate-900">
                {FEATURE_LINKS.map((f) => (
                  <Link key={f.to} role="menuitem" to={f.to} className="block rounded-lg px-3 py-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-800">
                    {f.label}
                  </Link>
                ))}
              </div>
            )}
          </div>
          <a href={section("non-services")} className={navLink}>Non-Services</a>
          <a href={section("pricing")} className={navLink}>Pricing</a>
          <a href={section("about-section")} className={navLink}>About</a>
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          {me ? (
            <>
              <Link to="/chat" className={buttonClass("primary", "sm")}>Chat</Link>
              <div className="relative">
                <button type="button" className={`${navLink} inline-flex items-center gap-1`} aria-haspopup="menu" aria-expanded={menuOpen} onClick={() => setMenuOpen((o) => !o)}>
                  Account <ChevronDown className="h-4 w-4" aria-hidden />
                </button>
                {menuOpen && (
                  <div role="menu" className="absolute right-0 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-800 dark:bg-slate-900">
                    <p className="truncate px-3 py-2 text-xs text-slate-500" data-testid="account-email">{me.user.email}</p>
                    <Link role="menuitem" to="/settings" className="block rounded-lg px-3 py-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-800">Settings</Link>
                    <button type="button" role="menuitem" onClick={() => signOut(navigate)} className="block w-full rounded-lg px-3 py-2 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800">
                      Sign out
                    </button>
                  </div>
                )}
              </div>
            </>
          ) : (
            <>
              <Link to="/auth" className={buttonClass("ghost", "sm")}>Log In</Link>
              <Link to="/auth?tab=signup" className={buttonClass("primary", "sm")}>Sign Up</Link>
            </>
          )}
        </div>
        <button type="button" className="rounded-md p-2 md:hidden" aria-label={mobileOpen ? "Close menu" : "Open menu"} aria-expanded={mobileOpen} onClick={() => setMobileOpen((o) => !o)}>
          {mobileOpen ? <X className="h-6 w-6" /> : <Menu className="h-6 w-6" />}
        </button>
      </div>
      {mobileOpen && (
        <nav className="border-t border-slate-200 px-4 pb-4 md:hidden dark:border-slate-800" aria-label="Mobile">
          {me && <p className="py-3 text-sm text-slate-500">Signed in as <span className="font-medium text-slate-900 dark:text-white">{me.user.email}</span></p>}
          <a href={section("top")} className={`${navLink} block`}>Home</a>
          {FEATURE_LINKS.map((f) => (
            <Link key={f.to} to={f.to} className={`${navLink} block`}>{f.label}</Link>
          ))}
          <a href={section("non-services")} className={`${navLink} block`}>Non-Services</a>
          <a href={section("pricing")} className={`${navLink} block`}>Pricing</a>
          <a href={section("about-section")} className={`${navLink} block`}>About</a>
          <div className="mt-3 grid grid-cols-2 gap-2">
            {me ? (
              <>
                <Link to="/chat" className={buttonClass("primary", "md")}>Chat</Link>
                <Link to="/settings" className={buttonClass("outline", "md")}>Settings</Link>
                <button type="button" onClick={() => signOut(navigate)} className={buttonClass("ghost", "md", "col-span-2")}>Sign out</button>
              </>
            ) : (
              <>
                <Link to="/auth" className={buttonClass("outline", "md")}>Log In</Link>
                <Link to="/auth?tab=signup" className={buttonClass("primary", "md")}>Sign Up</Link>
              </>
            )}
          </div>
        </nav>
      )}
    </header>
  );
}

export function PublicFooter() {
  const { data: me } = useMe();
  const brand = useBrand();
  const link = "text-sm text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white";
  return (
    <footer className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 md:flex-row md:items-start md:justify-between">
        <div className="max-w-sm space-y-2">
          <BrandMark />
          <p className="text-sm text-slate-600 dark:text-slate-400">{brand.tagline}. A study aid, not legal advice.</p>
        </div>
        <nav aria-label="Footer" className="grid grid-cols-2 gap-x-10 gap-y-2 sm:grid-cols-3">
          <Link to="/auth" className={link}>Sign In</Link>
          <Link to="/auth?tab=signup" className={link}>Sign Up</Link>
          <a href="https://lexmate.example/refer" className={link} rel="noopener noreferrer" target="_blank">Refer a Friend</a>
          {me && <Link to="/chat" className={link}>Chat</Link>}
          {me && <Link to="/settings" className={link}>Settings</Link>}
          <Link to="/terms" className={link}>Terms</Link>
          <Link to="/privacy" className={link}>Privacy</Link>
          <Link to="/disclaimer" className={link}>Disclaimer</Link>
          <a href="https://www.youtube.com/@lexmate" className={link} rel="noopener noreferrer" target="_blank">Video Channel</a>
        </nav>
      </div>
      <p className="border-t border-slate-200 py-4 text-center text-xs text-slate-500 dark:border-slate-800">
        © {new Date().getFullYear()} {brand.name}. All rights reserved.
      </p>
    </footer>
  );
}

export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <PublicHeader />
      <main className="flex-1">
        <Outlet />
      </main>
      <PublicFooter />
    </div>
  );
}
