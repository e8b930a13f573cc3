import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { AppConfigProvider, FeedbackHost } from '@cityops/ui';
import { AppErrorBoundary } from './ErrorScreen';
import { queryClient } from './queryClient';
import { router } from './router';

export function App() {
  return (
    <AppErrorBoundary>
      <AppConfigProvider>
        <FeedbackHost />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AppConfigProvider>
    </AppErrorBoundary>
  );
}
