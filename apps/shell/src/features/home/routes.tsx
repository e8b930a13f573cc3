import type { RouteObject } from 'react-router';

const homePage = async () => ({ Component: (await import('./pages/HomePage')).HomePage });

/** `/` and `/center` are both the integrated overview (platform-shell.md §2). */
export const homeRoutes: RouteObject[] = [
  { path: '/', lazy: homePage },
  { path: '/center', lazy: homePage },
];
