import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";

describe("parseEnv", () => {
  it("applies defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe("./data");
    expect(env.DATABASE_URL).toBeUndefined();
  });
  it("names the variable in one line per bad value", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/^Invalid configuration: PORT: /);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL: must start with postgres/);
    expect(() => parseEnv({ AUTH_SECRET: "short" })).toThrow(/AUTH_SECRET: must be at least 32 characters/);
  });
  it("splits ADMIN_EMAILS into lower-case addresses", () => {
    expect(parseEnv({ ADMIN_EMAILS: " A@x.com, b@y.org ," }).ADMIN_EMAILS).toEqual(["a@x.com", "b@y.org"]);
  });
});
