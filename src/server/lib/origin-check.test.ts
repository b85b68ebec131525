import { describe, expect, it } from "vitest";
import { trustedOrigins } from "./origin-check";

describe("trustedOrigins (issue 12 items 3 and 19)", () => {
  it("APP_URL on loopback brings its aliases on the same scheme and port", () => {
    expect(trustedOrigins({ appUrl: "http://localhost:3000" }).sort()).toEqual(
      ["http://127.0.0.1:3000", "http://[::1]:3000", "http://localhost:3000"].sort(),
    );
  });
  it("brand and admin hosts get the app's scheme; a host without a port is also trusted on APP_URL's port", () => {
    const list = trustedOrigins({
      appUrl: "https://lexmate.example",
      brandHosts: ["bar.lexmate.example", "law.lexmate.example:8443"],
      adminHosts: ["admin.lexmate.example"],
    });
    expect(list.sort()).toEqual(
      [
        "https://lexmate.example",
        "https://bar.lexmate.example",
        "https://law.lexmate.example:8443",
        "https://admin.lexmate.example",
      ].sort(),
    );
    expect(trustedOrigins({ appUrl: "http://localhost:3100", adminHosts: ["127.0.0.2"] })).toContain(
      "http://127.0.0.2:3100",
    );
  });
});
