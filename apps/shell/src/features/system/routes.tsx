import { Navigate, type RouteObject } from 'react-router';
import { pageRoute } from '../../app/pageRoute';

export const systemRoutes: RouteObject[] = [
  { path: '/license', lazy: pageRoute(() => import('./pages/LicencePage'), 'LicencePage') },
  { path: '/plug', lazy: pageRoute(() => import('./pages/PlugPage'), 'PlugPage') },
  {
    path: '/userlogin',
    lazy: pageRoute(() => import('./pages/UserLoginPage'), 'UserLoginPage'),
  },
  { path: '/404', lazy: pageRoute(() => import('./pages/NotFoundPage'), 'NotFoundPage') },
  // The guard has loaded the user's permissions before this runs: 404 only once they are known.
  { path: '*', element: <Navigate to="/404" replace /> },
];
