import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { AppConfigProvider, FeedbackHost } from '@cityops/ui';
import { useThemeMode } from '../features/theme/themeMode';
import { AppErrorBoundary } from './ErrorScreen';
import { queryClient } from './queryClient';
import { router } from './router';

export function App() {
  const mode = useThemeMode((state) => state.mode);
  return (
    <AppErrorBoundary>
      <AppConfigProvider mode={mode}>
        <FeedbackHost />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AppConfigProvider>
    </AppErrorBoundary>
  );
}
