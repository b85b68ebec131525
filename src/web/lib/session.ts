/**
 * The signed-in state: `useMe()` reads `GET /api/me` (null when signed out). Sign-out clears
 * saved auth storage and every cached query, then goes to `/` (SPEC.md §4).
 */
import { QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import type { accountApi } from "../../contract/account";
import type { ResponseOf } from "../../contract/route";
import type { SubscriptionSummary } from "../../contract/subscription";
import { ApiError, api } from "./api";
import { clearAuthStorage, KEYS, read, write } from "./storage";

export type { SubscriptionSummary };

/** `GET /api/me`: the user, profile, subscription summary, feature flags and monthly message limit (null = unlimited). */
export type Me = ResponseOf<typeof accountApi.me>;

/** SPEC.md §9 query cache: stale 5 min, gc 15 min, one retry with capped exponential delay. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 5 * 60_000,
      gcTime: 15 * 60_000,
      retry: (n, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && n < 1,
      retryDelay: (n) => Math.min(1000 * 2 ** n, 30_000),
      refetchOnWindowFocus: true,
    },
  },
});

export const meQuery = queryOptions({
  queryKey: ["me"],
  queryFn: async (): Promise<Me | null> => {
    try {
      const me = await api<Me>("/api/me");
      write(KEYS.sessionMarker, String(Date.now()));
      return me;
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return null;
      throw err;
    }
  },
  staleTime: 60_000,
});

export const useMe = () => useQuery(meQuery);

/**
 * The session, asked for only when this browser has been signed in before (the session marker):
 * a first-time visitor's sign-in page makes no request the browser would log as a failed 401.
 * Resolves to null at once without the marker.
 */
export const useMeIfSignedInBefore = () => {
  const known = !!read(KEYS.sessionMarker);
  const q = useQuery({ ...meQuery, enabled: known });
  return known ? q : { ...q, data: q.data ?? null, isPending: false };
};

export async function signOut(navigate: (to: string) => void, to = "/") {
  try {
    await api("/api/auth/sign-out", { body: {} });
  } catch {
    // signed out locally either way
  }
  clearAuthStorage();
  queryClient.clear();
  queryClient.setQueryData(meQuery.queryKey, null);
  navigate(to);
}
