/**
 * Boot data the server injects into every HTML page (`<script id="lexmate-boot"
 * type="application/json">`, src/server/features/public): the domain flag, the brand variant
 * for the request's host and the operator's external links. Read once; without it (Vite dev server, tests) the default brand.
 */
import { BOOT_ELEMENT_ID, type BootData, BRANDS, DEFAULT_BRAND_ID, NO_SITE_LINKS } from "../../contract/brand";

const DEFAULT_BOOT: BootData = { domain: DEFAULT_BRAND_ID, brand: BRANDS[DEFAULT_BRAND_ID], links: NO_SITE_LINKS };
let boot: BootData | null = null;

export function readBoot(): BootData {
  if (boot) return boot;
  if (typeof document === "undefined") return DEFAULT_BOOT;
  try {
    const text = document.getElementById(BOOT_ELEMENT_ID)?.textContent;
    const parsed = text ? (JSON.parse(text) as BootData) : null;
    boot = parsed?.brand && parsed.domain ? { ...parsed, links: { ...NO_SITE_LINKS, ...parsed.links } } : DEFAULT_BOOT;
  } catch {
    boot = DEFAULT_BOOT;
  }
  return boot;
}
