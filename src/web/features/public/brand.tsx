/**
 * The brand of this page (SPEC.md §1 domain flag): Lexmate or Lexmate Bar, chosen by the server
 * from the request's host. The server's renderer provides it through `BrandProvider`; in the
 * browser the default is the brand the server injected as boot data, so both always agree.
 */
import { createContext, useContext } from "react";
import type { Brand, SiteLinks } from "../../../contract/brand";
import { readBoot } from "../../lib/boot";

const BrandContext = createContext<Brand | null>(null);

export const BrandProvider = BrandContext.Provider;

export const useBrand = (): Brand => useContext(BrandContext) ?? readBoot().brand;

const SiteLinksContext = createContext<SiteLinks | null>(null);

/** The server's renderer provides the operator's external links; the browser reads the boot data. */
export const SiteLinksProvider = SiteLinksContext.Provider;

export const useSiteLinks = (): SiteLinks => useContext(SiteLinksContext) ?? readBoot().links;

/** The scales of justice, drawn inline so the mark costs no icon library on the landing page. */
function ScalesIcon({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
    >
      <path d="m16 16 3-8 3 8c-.87.65-1.92 1-3 1s-2.13-.35-3-1Z" />
      <path d="m2 16 3-8 3 8c-.87.65-1.92 1-3 1s-2.13-.35-3-1Z" />
      <path d="M7 21h10" />
      <path d="M12 3v18" />
      <path d="M3 7h2c2 0 5-1 7-2 2 1 5 2 7 2h2" />
    </svg>
  );
}

export function BrandMark({ compact = false }: { compact?: boolean }) {
  const brand = useBrand();
  return (
    <span className="inline-flex items-center gap-2 font-semibold tracking-tight text-slate-900 dark:text-white">
      <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-brand-700 text-white shadow-sm shadow-brand-700/30">
        <ScalesIcon className="h-[18px] w-[18px]" />
      </span>
      {!compact && <span className="text-lg">{brand.name}</span>}
    </span>
  );
}
