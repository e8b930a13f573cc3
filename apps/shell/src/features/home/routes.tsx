import type { RouteObject } from 'react-router';

/** The landing page's code (also fetched ahead from the login page). */
export const loadHomePage = () => import('./pages/HomePage');

const homePage = async () => ({ Component: (await loadHomePage()).HomePage });

/** `/` and `/center` are both the integrated overview (platform-shell.md §2). */
export const homeRoutes: RouteObject[] = [
  { path: '/', lazy: homePage },
  { path: '/center', lazy: homePage },
];
