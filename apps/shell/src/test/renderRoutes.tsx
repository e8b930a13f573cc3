import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { AppConfigProvider, FeedbackHost } from '@cityops/ui';
import { routes } from '../app/router';

/** The whole shell (guard, layout, pages) at `path`, as the browser would open it. */
export function renderRoutesAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppConfigProvider>
      <FeedbackHost />
      <RouterProvider router={router} />
    </AppConfigProvider>,
  );
  return router;
}
