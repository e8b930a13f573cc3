import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@cityops/ui';
import { AppErrorBoundary, RouteErrorScreen } from './ErrorScreen';

function Broken(): never {
  throw new Error('broken on purpose');
}

beforeAll(async () => {
  await initI18n('zh-CN');
});

beforeEach(() => {
  // React and the router report the error on the console; that is expected here.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('no white screens', () => {
  it('an error outside the router shows a friendly message and a reload button', () => {
    render(
      <AppErrorBoundary>
        <Broken />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('页面出错了');
    expect(screen.getByRole('button', { name: '刷新页面' })).toBeTruthy();
  });

  it('an error in a page does the same', async () => {
    const router = createMemoryRouter([{ path: '/', Component: Broken, ErrorBoundary: RouteErrorScreen }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('页面出错了')).toBeTruthy();
    expect(screen.getByRole('button', { name: '刷新页面' })).toBeTruthy();
  });
});
