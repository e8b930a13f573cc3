import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { CrudProvider } from '@cityops/crud';
import { AppConfigProvider, FeedbackHost } from '@cityops/ui';
import { crudEnvironment } from '../app/crud';
import { routes } from '../app/router';

/** The whole shell (guard, layout, pages) at `path`, as the browser would open it. */
export function renderRoutesAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <AppConfigProvider>
      <FeedbackHost />
      <QueryClientProvider client={client}>
        <CrudProvider value={crudEnvironment}>
          <RouterProvider router={router} />
        </CrudProvider>
      </QueryClientProvider>
    </AppConfigProvider>,
  );
  return router;
}
