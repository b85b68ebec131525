/**
 * The public footer (SPEC.md §2.2): copyright with the current year; Sign In (/auth), Sign Up
 * (/auth?tab=signup), the external refer-a-friend page, Chat and Settings for signed-in
 * visitors only, /terms, /privacy, /disclaimer and the video channel. Static: no JavaScript.
 * The two external pages are the operator's (REFER_A_FRIEND_URL, VIDEO_CHANNEL_URL); an unset
 * one is left out, and the Community column with it when both are.
 */
import { BrandMark, useBrand, useSiteLinks } from "./brand";
import { type Session, SiteLink } from "./site";

const link = "text-sm text-slate-600 transition-colors hover:text-slate-900 dark:text-slate-400 dark:hover:text-white";
const heading = "text-xs font-semibold tracking-wider text-slate-900 uppercase dark:text-white";

export function PublicFooter({ session, year }: { session: Session | null; year: number }) {
  const brand = useBrand();
  const { referAFriendUrl, videoChannelUrl } = useSiteLinks();
  const community = !!(referAFriendUrl || videoChannelUrl);
  return (
    <footer
      className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-950"
      data-testid="site-footer"
    >
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_3fr]">
        <div className="max-w-xs space-y-3">
          <BrandMark />
          <p className="text-sm leading-6 text-slate-600 dark:text-slate-400">
            {brand.tagline}. A study aid, not legal advice.
          </p>
        </div>
        <div className={`grid gap-4 ${community ? "grid-cols-3" : "grid-cols-2"}`}>
          <nav aria-label="Account" className="space-y-3">
            <p className={heading}>Account</p>
            <ul className="space-y-2">
              <li>
                <SiteLink href="/auth" className={link}>
                  Sign In
                </SiteLink>
              </li>
              <li>
                <SiteLink href="/auth?tab=signup" className={link}>
                  Sign Up
                </SiteLink>
              </li>
              {session && (
                <li>
                  <SiteLink href="/chat" className={link}>
                    Chat
                  </SiteLink>
                </li>
              )}
              {session && (
                <li>
                  <SiteLink href="/settings" className={link}>
                    Settings
                  </SiteLink>
                </li>
              )}
            </ul>
          </nav>
          {community && (
            <nav aria-label="Community" className="space-y-3">
              <p className={heading}>Community</p>
              <ul className="space-y-2">
                {referAFriendUrl && (
                  <li>
                    <a href={referAFriendUrl} className={link} rel="noopener noreferrer" target="_blank">
                      Refer a Friend
                    </a>
                  </li>
                )}
                {videoChannelUrl && (
                  <li>
                    <a href={videoChannelUrl} className={link} rel="noopener noreferrer" target="_blank">
                      Video Channel
                    </a>
                  </li>
                )}
              </ul>
            </nav>
          )}
          <nav aria-label="Legal" className="space-y-3">
            <p className={heading}>Legal</p>
            <ul className="space-y-2">
              <li>
                <SiteLink href="/terms" className={link}>
                  Terms
                </SiteLink>
              </li>
              <li>
                <SiteLink href="/privacy" className={link}>
                  Privacy
                </SiteLink>
              </li>
              <li>
                <SiteLink href="/disclaimer" className={link}>
                  Disclaimer
                </SiteLink>
              </li>
            </ul>
          </nav>
        </div>
      </div>
      <p className="border-t border-slate-200 px-4 py-5 text-center text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
        © {year} {brand.name}. All rights reserved.
      </p>
    </footer>
  );
}
