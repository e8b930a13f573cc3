import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { CrudProvider } from '@cityops/crud';
import { AppConfigProvider, FeedbackHost } from '@cityops/ui';
import { crudEnvironment } from '../app/crud';
import { queryClient } from '../app/queryClient';
import { routes } from '../app/router';

/**
 * The whole shell (guard, layout, pages) at `path`, as the browser would open it, with the shell's
 * query client (signing out clears that one) emptied first, so no answer leaks from an earlier test.
 */
export function renderRoutesAt(path: string) {
  queryClient.clear();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppConfigProvider>
      <FeedbackHost />
      <QueryClientProvider client={queryClient}>
        <CrudProvider value={crudEnvironment}>
          <RouterProvider router={router} />
        </CrudProvider>
      </QueryClientProvider>
    </AppConfigProvider>,
  );
  return router;
}
