/**
 * The web client's one way to call the server. Sends cookies, parses the JSON error envelope
 * into `ApiError(code, message, status)`, and applies the time-outs of SPEC.md §9 (10 s default,
 * 30 s for auth paths) with the §8 network messages.
 */
import type { AuthErrorCode, ErrorCode } from "../../contract/errors";

/**
 * What `ApiError.code` can be: a code of our envelope (src/contract/errors.ts), a better-auth code
 * under /api/auth, TIMEOUT / NETWORK raised here, or `HTTP_<status>` when the answer had no code.
 */
export type ApiErrorCode = ErrorCode | AuthErrorCode | "TIMEOUT" | "NETWORK" | `HTTP_${number}`;

export class ApiError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly status: number,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export function timeoutFor(path: string): number {
  if (path.startsWith("/api/auth") || path.startsWith("/api/subscription")) return 30_000;
  return 10_000;
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const timeoutMs = opts.timeoutMs ?? timeoutFor(path);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException("timeout", "TimeoutError")), timeoutMs);
  opts.signal?.addEventListener("abort", () => controller.abort(opts.signal?.reason));
  let res: Response;
  try {
    res = await fetch(path, {
      method: opts.method ?? (opts.body === undefined ? "GET" : "POST"),
      credentials: "same-origin",
      headers:
        opts.body === undefined
          ? { accept: "application/json" }
          : { "content-type": "application/json", accept: "application/json" },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: controller.signal,
    });
  } catch (err) {
    if (controller.signal.aborted && (controller.signal.reason as DOMException)?.name === "TimeoutError") {
      throw new ApiError(
        "TIMEOUT",
        `Request to ${path} timed out after ${Math.round(timeoutMs / 1000)} seconds. Please check your network connection.`,
        0,
      );
    }
    if ((err as Error).name === "AbortError") throw err;
    throw new ApiError("NETWORK", `Network error when requesting ${path}. Please check your internet connection.`, 0);
  } finally {
    clearTimeout(timer);
  }
  const text = await res.text();
  const data = text ? safeJson(text) : null;
  if (!res.ok) {
    const env = data as {
      error?: { code?: string; message?: string; details?: unknown };
      code?: string;
      message?: string;
    } | null;
    // Our envelope, or better-auth's `{code, message}`.
    const code = (env?.error?.code ?? env?.code ?? `HTTP_${res.status}`) as ApiErrorCode;
    const message = env?.error?.message ?? env?.message ?? `Request failed (${res.status})`;
    throw new ApiError(code, message, res.status, env?.error?.details);
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
