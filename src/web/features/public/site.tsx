/**
 * What the public pages need from their host environment, with defaults that work in the
 * pre-rendered pages (plain links, sign-out by fetch then a full load of `/`). The single-page
 * app overrides them (router links, its own sign-out that clears cached queries).
 */
import { type AnchorHTMLAttributes, createContext, useContext } from "react";
import { clearAuthStorage } from "../../lib/storage";

/** The signed-in visitor as the public pages see them: only the address (SPEC.md §2.2 header). */
export interface Session {
  email: string;
  /** The visitor's referral code and link for 'Share the Love' (issue 14 item 9), when known. */
  referral?: { code: string; link: string } | null;
}

export type SiteLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

export interface SiteEnv {
  /** Renders an internal link (an `<a>`, or the router's link in the app). */
  Link: (props: SiteLinkProps) => React.ReactElement;
  /** Signs out, clears saved auth state, and goes to `/` (SPEC.md §4). */
  signOut: () => void | Promise<void>;
}

async function signOutAndReload() {
  try {
    await fetch("/api/auth/sign-out", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
      credentials: "same-origin",
    });
  } catch {
    // signed out locally either way
  }
  clearAuthStorage();
  window.location.assign("/");
}

const PlainLink = (props: SiteLinkProps) => <a {...props} />;

const SiteContext = createContext<SiteEnv>({ Link: PlainLink, signOut: signOutAndReload });

export const SiteEnvProvider = SiteContext.Provider;
export const useSiteEnv = () => useContext(SiteContext);

/** An internal link through the environment's link component. */
export function SiteLink(props: SiteLinkProps) {
  const { Link } = useSiteEnv();
  return <Link {...props} />;
}
