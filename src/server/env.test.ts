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
  it("configures the companion's model: none by default, each provider's required variables named", () => {
    expect(parseEnv({}).LLM_PROVIDER).toBe("none");
    expect(parseEnv({}).LLM_TIMEOUT_MS).toBe(45_000);
    expect(() => parseEnv({ LLM_PROVIDER: "openai-compatible", LLM_MODEL: "m" })).toThrow(
      /LLM_BASE_URL: is required when LLM_PROVIDER=openai-compatible/,
    );
    expect(() => parseEnv({ LLM_PROVIDER: "anthropic", LLM_MODEL: "m" })).toThrow(
      /LLM_API_KEY: is required when LLM_PROVIDER=anthropic/,
    );
    expect(() => parseEnv({ LLM_PROVIDER: "gpt" })).toThrow(/^Invalid configuration: LLM_PROVIDER: /);
    expect(() => parseEnv({ LLM_TIMEOUT_MS: "5" })).toThrow(/LLM_TIMEOUT_MS/);
    const env = parseEnv({
      LLM_PROVIDER: "openai-compatible",
      LLM_BASE_URL: "http://localhost:11434/v1",
      LLM_MODEL: "llama3.1",
      LLM_TIMEOUT_MS: "1000",
    });
    expect(env).toMatchObject({
      LLM_PROVIDER: "openai-compatible",
      LLM_BASE_URL: "http://localhost:11434/v1",
      LLM_MODEL: "llama3.1",
      LLM_TIMEOUT_MS: 1000,
    });
  });
  it("maps BRAND_HOSTS host=variant pairs and rejects anything else by name", () => {
    expect(parseEnv({ BRAND_HOSTS: "Lexmate.example=law, bar.example:8080=BAR" }).BRAND_HOSTS).toEqual({
      "lexmate.example": "law",
      "bar.example:8080": "bar",
    });
    expect(parseEnv({}).BRAND_HOSTS).toEqual({});
    expect(() => parseEnv({ BRAND_HOSTS: "bar.example" })).toThrow(
      /^Invalid configuration: BRAND_HOSTS: 'bar.example' is not host=law or host=bar$/,
    );
    expect(() => parseEnv({ BRAND_HOSTS: "x.example=medical" })).toThrow(/BRAND_HOSTS: 'x.example=medical'/);
  });
  it("splits ADMIN_HOSTS into lower-case hosts", () => {
    expect(parseEnv({ ADMIN_HOSTS: "Admin.example, 127.0.0.2" }).ADMIN_HOSTS).toEqual(["admin.example", "127.0.0.2"]);
  });
});
