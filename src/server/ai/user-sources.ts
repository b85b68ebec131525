/**
 * Registry of per-user source providers: features holding a student's own material (notes,
 * student briefs) register one at import time; the answer engine asks all of them for every
 * question. A provider must return only rows owned by `userId` (another user's note is never
 * a source). Providers run in parallel; one that throws is logged by the caller and skipped.
 */
import type { RetrievedSource, UserSourceProvider } from "./types";

const providers = new Set<UserSourceProvider>();

/** Adds a provider (idempotent for the same function). */
export function registerUserSourceProvider(provider: UserSourceProvider): void {
  providers.add(provider);
}

/** Asks every provider; returns all their sources (unsorted) and the errors of those that failed. */
export async function retrieveUserSources(
  opts: Parameters<UserSourceProvider>[0],
): Promise<{ sources: RetrievedSource[]; errors: unknown[] }> {
  const settled = await Promise.allSettled([...providers].map((p) => p(opts)));
  const sources: RetrievedSource[] = [];
  const errors: unknown[] = [];
  for (const s of settled) {
    if (s.status === "fulfilled") sources.push(...s.value);
    else errors.push(s.reason);
  }
  return { sources, errors };
}
