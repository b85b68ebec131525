/**
 * Boot data the server injects into every HTML page (`<script id="lexmate-boot"
 * type="application/json">`, src/server/features/public): the domain flag and the brand variant
 * for the request's host. Read once; without it (Vite dev server, tests) the default brand.
 */
import { BOOT_ELEMENT_ID, type BootData, BRANDS, DEFAULT_BRAND_ID } from "../../contract/brand";

const DEFAULT_BOOT: BootData = { domain: DEFAULT_BRAND_ID, brand: BRANDS[DEFAULT_BRAND_ID] };
let boot: BootData | null = null;

export function readBoot(): BootData {
  if (boot) return boot;
  if (typeof document === "undefined") return DEFAULT_BOOT;
  try {
    const text = document.getElementById(BOOT_ELEMENT_ID)?.textContent;
    const parsed = text ? (JSON.parse(text) as BootData) : null;
    boot = parsed?.brand && parsed.domain ? parsed : DEFAULT_BOOT;
  } catch {
    boot = DEFAULT_BOOT;
  }
  return boot;
}
