import { describe, expect, it } from "vitest";
import { jsonForScript } from "../../../contract/brand";
import { parseEnv } from "../../env";
import { publicOrigin, resolveDomain } from "./domain";
import { injectBoot } from "./public.routes";
import { bootDataFor } from "./domain";

const env = parseEnv({ BRAND_HOSTS: "lexmate.example=law,bar.example=bar,127.0.0.1:3205=bar", ADMIN_HOSTS: "admin.example" });

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
    const html = injectBoot('<!doctype html><html lang="en"><head><title>Lexmate — x</title></head><body></body></html>', bootDataFor("bar"));
    expect(html).toContain('<html lang="en" data-brand="bar"');
    expect(html).toContain("<title>Lexmate Bar — The study companion for the bar exam</title>");
    const json = /<script id="lexmate-boot" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(json!)).toMatchObject({ domain: "bar", brand: { name: "Lexmate Bar", slug: "lexmate-bar" } });
  });
  it("cannot be broken out of by a </script> in a value", () => {
    const s = jsonForScript({ x: "</script><script>alert(1)</script>" });
    expect(s).not.toContain("</script>");
    expect(JSON.parse(s)).toEqual({ x: "</script><script>alert(1)</script>" });
  });
});
