import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingOverlay } from '@cityops/ui';
import { authRoutes } from '../features/auth/routes';
import { homeRoutes } from '../features/home/routes';
import { systemRoutes } from '../features/system/routes';
import { RouteErrorScreen } from './ErrorScreen';
import { setNavigator } from './navigation';
import { RouteGuard } from './RouteGuard';

/** Every route sits under the guard; each page is its own chunk, loaded when first visited. */
export const routes: RouteObject[] = [
  {
    Component: RouteGuard,
    ErrorBoundary: RouteErrorScreen,
    HydrateFallback: LoadingOverlay,
    children: [...authRoutes, ...homeRoutes, ...systemRoutes],
  },
];

export const router = createBrowserRouter(routes);

setNavigator((path) => void router.navigate(path));
