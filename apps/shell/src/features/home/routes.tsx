import type { RouteObject } from 'react-router';
import { pageRoute } from '../../app/pageRoute';

/** The landing page's code (also fetched ahead from the login page). */
export const loadHomePage = () => import('./pages/HomePage');

const homePage = pageRoute(loadHomePage, 'HomePage');

/** `/` and `/center` are both the integrated overview (platform-shell.md §2). */
export const homeRoutes: RouteObject[] = [
  { path: '/', lazy: homePage },
  { path: '/center', lazy: homePage },
];
