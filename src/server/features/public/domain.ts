/**
 * The domain flag of a request (SPEC.md §1, §2.5; DESIGN.md §1): `admin` for a host in
 * `ADMIN_HOSTS`, else the brand variant `BRAND_HOSTS` maps the host to, else `law` (Lexmate).
 * A configured entry matches the Host header exactly (`host:port`) or by host name alone.
 */
import { type BootData, brandFor, type DomainFlag, type SiteLinks } from "../../../contract/brand";
import type { Env } from "../../env";

/** Lower-cased Host header and its name without the port ("[::1]:3000" → "[::1]"). */
function hostParts(hostHeader: string | undefined): { host: string; name: string } {
  const host = (hostHeader ?? "").trim().toLowerCase();
  const name = host.startsWith("[") ? host.slice(0, host.indexOf("]") + 1) : host.replace(/:\d+$/, "");
  return { host, name };
}

export function resolveDomain(
  hostHeader: string | undefined,
  env: Pick<Env, "BRAND_HOSTS" | "ADMIN_HOSTS">,
): DomainFlag {
  const { host, name } = hostParts(hostHeader);
  if (!host) return "law";
  if (env.ADMIN_HOSTS.includes(host) || env.ADMIN_HOSTS.includes(name)) return "admin";
  const own = (k: string) => (Object.hasOwn(env.BRAND_HOSTS, k) ? env.BRAND_HOSTS[k] : undefined);
  return own(host) ?? own(name) ?? "law";
}

type LinkEnv = Pick<Env, "REFER_A_FRIEND_URL" | "VIDEO_CHANNEL_URL" | "SUPPORT_EMAIL">;

/** The operator's external links from the environment (null when unset). */
export const siteLinksFrom = (env: LinkEnv): SiteLinks => ({
  referAFriendUrl: env.REFER_A_FRIEND_URL ?? null,
  videoChannelUrl: env.VIDEO_CHANNEL_URL ?? null,
  supportEmail: env.SUPPORT_EMAIL ?? null,
});

/** Boot data for a page served on `domain` (brand, domain flag, external links). */
export const bootDataFor = (domain: DomainFlag, env: LinkEnv): BootData => ({
  domain,
  brand: brandFor(domain),
  links: siteLinksFrom(env),
});

/**
 * The public origin for canonical URLs, Open Graph and the sitemap. A host the operator
 * configured (BRAND_HOSTS, ADMIN_HOSTS or APP_URL's) is used as the request names it, with
 * APP_URL's scheme; any other Host header is not trusted and APP_URL's origin is used instead.
 */
export function publicOrigin(
  hostHeader: string | undefined,
  env: Pick<Env, "BRAND_HOSTS" | "ADMIN_HOSTS">,
  appUrl: string,
): string {
  const app = new URL(appUrl);
  const { host, name } = hostParts(hostHeader);
  const known =
    host === app.host ||
    env.ADMIN_HOSTS.includes(host) ||
    env.ADMIN_HOSTS.includes(name) ||
    Object.hasOwn(env.BRAND_HOSTS, host) ||
    Object.hasOwn(env.BRAND_HOSTS, name);
  return known && host ? `${app.protocol}//${host}` : app.origin;
}
