import { describe, expect, it } from "vitest";
import { ApiError, type ApiErrorCode } from "../../lib/api";
import { authFailureMessage } from "./messages";

describe("authFailureMessage (issue 12 item 19: never a raw code)", () => {
  const fallback = "We could not create your account. Please try again.";
  it("turns better-auth's origin refusal into words a student understands", () => {
    const msg = authFailureMessage(new ApiError("INVALID_ORIGIN", "Invalid origin", 403), fallback);
    expect(msg).not.toMatch(/^invalid origin$/i);
    expect(msg).toMatch(/usual address/);
  });
  it("falls back for unknown codes and keeps the messages we wrote ourselves", () => {
    expect(authFailureMessage(new ApiError("FAILED_TO_CREATE_USER", "Failed to create user", 422), fallback)).toBe(
      fallback,
    );
    expect(authFailureMessage(new ApiError("SOME_NEW_CODE" as ApiErrorCode, "SOME_NEW_CODE", 400), fallback)).toBe(
      fallback,
    );
    expect(
      authFailureMessage(new ApiError("PASSWORD_EASY_TO_GUESS", "This password is easy to guess", 400), fallback),
    ).toBe("This password is easy to guess");
    expect(authFailureMessage(new ApiError("INVALID_EMAIL_OR_PASSWORD", "x", 401), fallback)).toBe(
      "Invalid email or password.",
    );
    expect(authFailureMessage(new ApiError("HTTP_429", "Too Many Requests", 429), fallback)).toMatch(/wait a moment/);
  });
});
