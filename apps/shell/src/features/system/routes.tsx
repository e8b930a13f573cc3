import { Navigate, type RouteObject } from 'react-router';
import type { LaterPageName } from './pages/LaterPage';

const laterPage = (name: LaterPageName) => async () => {
  const { LaterPage } = await import('./pages/LaterPage');
  return { Component: () => <LaterPage name={name} /> };
};

export const systemRoutes: RouteObject[] = [
  { path: '/license', lazy: laterPage('license') },
  { path: '/plug', lazy: laterPage('plug') },
  { path: '/userlogin', lazy: laterPage('userlogin') },
  { path: '/404', lazy: async () => ({ Component: (await import('./pages/NotFoundPage')).NotFoundPage }) },
  // The guard has loaded the user's permissions before this runs: 404 only once they are known.
  { path: '*', element: <Navigate to="/404" replace /> },
];
