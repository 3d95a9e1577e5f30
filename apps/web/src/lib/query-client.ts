import { QueryClient } from '@tanstack/react-query';

/**
 * The app's one query cache. The providers hand it to React; a route's loader may start the
 * page's reads with it before the page renders (the home page does: docs/website.md, Performance).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    // The API client already retries what spec §8 says to retry.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
    mutations: { retry: false },
  },
});
