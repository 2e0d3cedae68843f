// Fetch-on-mount data goes through TanStack Query: one cache per island, loading and error
// states from one place, and a refetch after a change (`invalidate`) instead of each page
// juggling its own `loading`/`error`/`data` flags around a useEffect.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ApiError } from "./api";

/** A 4xx is the server's answer (sign-in, permission, bad input): asking again won't change it.
 *  A dropped connection or a 5xx may pass, so those are retried once. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        // Organizer pages show the database as it is now; a tab brought back refetches.
        staleTime: 0,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

export function QueryProvider({ client, children }: { client?: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client ?? makeQueryClient()}>{children}</QueryClientProvider>;
}

// Data a page brings in its props: the same document its API call answers, rendered with the
// page (the apps' pages.py), so nothing the page has drawn moves when it arrives and no request
// follows the page for it. The query starts from it and asks the API only without it (a test,
// a page that didn't bring it) or once it is invalidated after a change.

/** useQuery's options for `initial`, the page's copy of the query's answer. */
export function fromPage<T>(initial: T | undefined): { initialData: T | undefined; refetchOnMount: boolean } {
  return { initialData: initial, refetchOnMount: initial === undefined };
}
