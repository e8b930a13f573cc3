import type { RouteObject } from 'react-router';

const loginPage = async () => ({ Component: (await import('./pages/LoginPage')).LoginPage });

/** Both login routes of §2 show the same page. */
export const authRoutes: RouteObject[] = [
  { path: '/login', lazy: loginPage },
  { path: '/dashboard/login', lazy: loginPage },
];
