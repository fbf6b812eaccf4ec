import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiProvider, defaultApiClient } from './api/context';
import { keepThroughExpiry } from './api/keep-through-expiry';
import type { ApiClient } from './api/client';
import { DialogProvider } from './ui/DialogProvider';
import { ToastProvider } from './ui/ToastProvider';

/**
 * Query defaults: calls answer `{ Code, Msg }` and do not throw on a failure code, so retrying
 * would only repeat a refused call; data stays fresh for 30 s and is not refetched on focus; a
 * refetch answered session_expired keeps what the page shows (keep-through-expiry.ts).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        structuralSharing: keepThroughExpiry,
      },
      mutations: { retry: false },
    },
  });
}

export interface AppProvidersProps {
  children: ReactNode;
  api?: ApiClient;
  queryClient?: QueryClient;
}

/** Everything every screen may use: the API client, queries, dialogs and toasts. */
export function AppProviders({ children, api = defaultApiClient, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ApiProvider value={api}>
      <QueryClientProvider client={client}>
        <ToastProvider>
          <DialogProvider>{children}</DialogProvider>
        </ToastProvider>
      </QueryClientProvider>
    </ApiProvider>
  );
}
