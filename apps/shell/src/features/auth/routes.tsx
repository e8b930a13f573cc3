import type { RouteObject } from 'react-router';
import { pageRoute } from '../../app/pageRoute';

const loginPage = pageRoute(() => import('./pages/LoginPage'), 'LoginPage');

/** Both login routes of §2 show the same page. */
export const authRoutes: RouteObject[] = [
  { path: '/login', lazy: loginPage },
  { path: '/dashboard/login', lazy: loginPage },
];
