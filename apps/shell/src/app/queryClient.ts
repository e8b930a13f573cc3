import { QueryClient } from '@tanstack/react-query';

/**
 * Server state. No automatic retries: the HTTP client already tells the user when a call fails,
 * and a retry would tell them again.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
