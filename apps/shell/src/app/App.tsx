import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { CrudProvider } from '@cityops/crud';
import { AppConfigProvider, FeedbackHost } from '@cityops/ui';
import { useActiveTheme } from '../features/theme/themePalette';
import { crudEnvironment } from './crud';
import { AppErrorBoundary } from './ErrorScreen';
import { queryClient } from './queryClient';
import { router } from './router';

export function App() {
  const { mode, palette } = useActiveTheme();
  return (
    <AppErrorBoundary>
      <AppConfigProvider mode={mode} palette={palette}>
        <FeedbackHost />
        <QueryClientProvider client={queryClient}>
          <CrudProvider value={crudEnvironment}>
            <RouterProvider router={router} />
          </CrudProvider>
        </QueryClientProvider>
      </AppConfigProvider>
    </AppErrorBoundary>
  );
}
