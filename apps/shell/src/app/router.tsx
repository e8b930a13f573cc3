import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { ROUTE_REDIRECTS, ROUTE_TABLE, type RouteEntry } from '@cityops/contract';
import { LoadingOverlay } from '@cityops/ui';
import { adminRoutes } from '../features/admin/routes';
import { authRoutes } from '../features/auth/routes';
import { homeRoutes } from '../features/home/routes';
import { systemRoutes } from '../features/system/routes';
import { RouteErrorScreen } from './ErrorScreen';
import { setNavigator } from './navigation';
import { loadShellLayout } from './signedInCode';
import { RouteGuard } from './RouteGuard';
import { SubAppSlot } from '../features/subapps/SubAppSlot';
import { pageRoute } from './pageRoute';

/** Paths whose pages the feature route files above declare. */
const declared = new Set(
  [...authRoutes, ...homeRoutes, ...systemRoutes, ...adminRoutes].map((route) => route.path).filter(Boolean),
);

const placeholder = pageRoute(() => import('../features/layout/pages/PagePlaceholder'), 'PagePlaceholder');
const publicSubApp = pageRoute(() => import('../features/subapps/PublicSubAppPage'), 'PublicSubAppPage');

/** A sub-app page shows in its app's frame; a shell page not built yet says so. */
const tableRoute = ({ path, app, access }: RouteEntry): RouteObject => {
  if (app === 'shell') return { path, lazy: placeholder };
  if (access === 'public') return { path, lazy: publicSubApp };
  return { path, Component: SubAppSlot };
};

/**
 * Every other route of the route table, declared in code so a refresh never 404s; the guard enables
 * them by permission code at run time. Sub-app pages load in frames; the admin pages come later.
 */
const pending = ROUTE_TABLE.filter((route) => !declared.has(route.path));
const publicPages = pending.filter((route) => route.access === 'public').map(tableRoute);
const layoutPages = pending.filter((route) => route.access !== 'public').map(tableRoute);
const redirects = Object.entries(ROUTE_REDIRECTS).map(([path, to]): RouteObject => ({
  path,
  element: <Navigate to={to} replace />,
}));
const layoutPaths = new Set(['/', '/center']);

/** Every route sits under the guard; the signed-in pages sit in the layout; each page is its own chunk. */
export const routes: RouteObject[] = [
  {
    Component: RouteGuard,
    ErrorBoundary: RouteErrorScreen,
    HydrateFallback: LoadingOverlay,
    children: [
      ...authRoutes,
      ...systemRoutes,
      ...publicPages,
      ...redirects,
      ...homeRoutes.filter((route) => !layoutPaths.has(route.path ?? '')),
      {
        lazy: pageRoute(loadShellLayout, 'ShellLayout'),
        children: [
          ...homeRoutes.filter((route) => layoutPaths.has(route.path ?? '')),
          ...adminRoutes,
          ...layoutPages,
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);

setNavigator((path) => void router.navigate(path));
