import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./redirect";

describe("safeRedirectPath (issue 12 item 18)", () => {
  it("keeps a same-origin path with its query and fragment", () => {
    expect(safeRedirectPath("/cases/palsgraf-v-long-island-railroad-co")).toBe(
      "/cases/palsgraf-v-long-island-railroad-co",
    );
    expect(safeRedirectPath("/flashcards/questions?filter=missed#top")).toBe("/flashcards/questions?filter=missed#top");
  });

  it("rejects other origins, protocol-relative and backslash tricks", () => {
    for (const bad of [
      "//evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "/\t/evil.example",
      "https://evil.example/x",
      "http:/evil.example",
      "javascript:alert(1)",
      "evil.example",
      "",
      null,
      undefined,
    ])
      expect(safeRedirectPath(bad), String(bad)).toBeNull();
  });

  it("never sends the student back to the sign-in pages", () => {
    expect(safeRedirectPath("/auth")).toBeNull();
    expect(safeRedirectPath("/auth?tab=signup")).toBeNull();
    expect(safeRedirectPath("/auth/callback#token=x")).toBeNull();
    expect(safeRedirectPath("/login")).toBeNull();
  });
});
