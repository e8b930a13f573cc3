import { Navigate, type RouteObject } from 'react-router';

export const systemRoutes: RouteObject[] = [
  { path: '/license', lazy: async () => ({ Component: (await import('./pages/LicencePage')).LicencePage }) },
  { path: '/plug', lazy: async () => ({ Component: (await import('./pages/PlugPage')).PlugPage }) },
  {
    path: '/userlogin',
    lazy: async () => ({ Component: (await import('./pages/UserLoginPage')).UserLoginPage }),
  },
  { path: '/404', lazy: async () => ({ Component: (await import('./pages/NotFoundPage')).NotFoundPage }) },
  // The guard has loaded the user's permissions before this runs: 404 only once they are known.
  { path: '*', element: <Navigate to="/404" replace /> },
];
