import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { jsonForScript } from "../../../contract/brand";
import { SiteLinksProvider } from "../../../web/features/public/brand";
import { PublicFooter } from "../../../web/features/public/footer";
import { parseEnv } from "../../env";
import { bootDataFor, publicOrigin, resolveDomain } from "./domain";
import { injectBoot } from "./public.routes";

const env = parseEnv({
  BRAND_HOSTS: "lexmate.example=law,bar.example=bar,127.0.0.1:3205=bar",
  ADMIN_HOSTS: "admin.example",
});

describe("resolveDomain (SPEC.md §1 domain flag)", () => {
  it.each([
    ["bar.example", "bar"],
    ["BAR.example:8443", "bar"],
    ["lexmate.example", "law"],
    ["127.0.0.1:3205", "bar"],
    ["127.0.0.1:3000", "law"],
    ["admin.example", "admin"],
    ["admin.example:3000", "admin"],
    ["unknown.example", "law"],
    ["constructor", "law"],
    ["__proto__", "law"],
    ["", "law"],
    [undefined, "law"],
  ])("%s → %s", (host, flag) => {
    expect(resolveDomain(host, env)).toBe(flag);
  });
});

describe("publicOrigin", () => {
  it("uses a configured host with APP_URL's scheme", () => {
    expect(publicOrigin("bar.example", env, "https://lexmate.example")).toBe("https://bar.example");
    expect(publicOrigin("lexmate.example", env, "https://lexmate.example")).toBe("https://lexmate.example");
  });
  it("does not trust an unknown Host header: APP_URL's origin instead", () => {
    expect(publicOrigin("evil.example", env, "https://lexmate.example/")).toBe("https://lexmate.example");
    expect(publicOrigin(undefined, env, "http://localhost:3000")).toBe("http://localhost:3000");
  });
});

describe("boot data in the app shell", () => {
  it("adds the brand attribute, the title and the boot script", () => {
    const html = injectBoot(
      '<!doctype html><html lang="en"><head><title>Lexmate — x</title></head><body></body></html>',
      bootDataFor("bar", { SUPPORT_EMAIL: "help@school.example" }),
    );
    expect(html).toContain('<html lang="en" data-brand="bar"');
    expect(html).toContain("<title>Lexmate Bar — The study companion for the bar exam</title>");
    const json = /<script id="lexmate-boot" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(json!)).toMatchObject({
      domain: "bar",
      brand: { name: "Lexmate Bar", slug: "lexmate-bar" },
      links: { supportEmail: "help@school.example", referAFriendUrl: null },
    });
  });
  it("leaves the footer's external links out when the operator set none", () => {
    const html = renderToString(
      <SiteLinksProvider value={bootDataFor("law", {}).links}>
        <PublicFooter session={null} year={2026} />
      </SiteLinksProvider>,
    );
    expect(html).not.toContain("Refer a Friend");
    expect(html).not.toContain("Video Channel");
    expect(html).not.toContain('aria-label="Community"');
    expect(html).toContain('href="/terms"');
  });
  it("refuses external links that are not http(s) or a support address that is not an email", () => {
    expect(() => parseEnv({ REFER_A_FRIEND_URL: "javascript:alert(1)" })).toThrow(/REFER_A_FRIEND_URL/);
    expect(() => parseEnv({ SUPPORT_EMAIL: "support" })).toThrow(/SUPPORT_EMAIL/);
  });
  it("cannot be broken out of by a </script> in a value", () => {
    const s = jsonForScript({ x: "</script><script>alert(1)</script>" });
    expect(s).not.toContain("</script>");
    expect(JSON.parse(s)).toEqual({ x: "</script><script>alert(1)</script>" });
  });
});
