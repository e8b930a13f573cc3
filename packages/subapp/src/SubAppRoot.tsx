import { Activity, Suspense, useMemo, type ComponentType } from 'react';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryClientProvider } from '@tanstack/react-query';
import { findRouteByPath, type RouteEntry } from '@cityops/contract';
import { buildUserMenu, menuTrail, pathnameOf, readToken } from '@cityops/client';
import { CrudProvider, type CrudEnvironment, type ListLocation } from '@cityops/crud';
import {
  AccessProvider,
  AppConfigProvider,
  FeedbackHost,
  NotConnectedPage,
  PageErrorBoundary,
  paletteFromVariables,
} from '@cityops/ui';
import { RuntimeContext, useFrame, useRuntime } from './context.js';
import { keptPaths } from './frameStore.js';
import { useFramePermissions } from './queries.js';
import type { SubAppRuntime } from './runtime.js';

export interface SubAppPageProps {
  route: RouteEntry;
}

/**
 * The app's own pages by route code; a route without one shows that it is not connected yet. Give each
 * page as `lazyPage(() => import(...), 'Name')` (from `@cityops/ui`) so its code is a chunk of its own,
 * loaded when it is first opened, and a chunk that fails or does not come in time says so, with 重试.
 */
export type SubAppPages = Readonly<Partial<Record<string, ComponentType<SubAppPageProps>>>>;

function PlaceholderPage({ route }: SubAppPageProps) {
  const { i18n } = useTranslation();
  const items = useFramePermissions({ load: false }).data?.menus ?? null;
  const trail = useMemo(
    () => (items ? menuTrail(buildUserMenu(items).tree, route.path, i18n.language) : []),
    [items, route.path, i18n.language],
  );
  const title = i18n.language === 'en-US' ? route.titleEn : route.title;
  return <NotConnectedPage title={title} trail={trail} />;
}

/** A permission route: shown once the user's permissions are in and hold the route's code. */
function PermittedPage({ route, Page }: { route: RouteEntry; Page: ComponentType<SubAppPageProps> }) {
  const { t } = useTranslation();
  const permissions = useFramePermissions();
  if (readToken() === null) return <Result status="warning" title={t('subApp.sessionNeeded')} />;
  if (permissions.isError)
    return (
      <Result
        status="error"
        title={t('subApp.permissionsFailed')}
        extra={<Button onClick={() => void permissions.refetch()}>{t('subApp.retry')}</Button>}
      />
    );
  const user = permissions.data;
  if (!user) return <Spin style={{ display: 'block', marginTop: 64 }} />;
  const held = new Set(user.menus.map((item) => item.code.toLowerCase()));
  if (!held.has(route.code.toLowerCase()))
    return <Result status="403" title={t('subApp.noPermission')} subTitle={t('subApp.noPermissionText')} />;
  return (
    <AccessProvider elements={user.elements}>
      <Page route={route} />
    </AccessProvider>
  );
}

function PageAt({ path, pages }: { path: string; pages: SubAppPages }) {
  const { t } = useTranslation();
  const app = useFrame((state) => state.app);
  const route = findRouteByPath(path);
  if (!route || route.app !== app) return <Result status="404" title={t('subApp.notFound')} />;
  const Page = pages[route.code] ?? PlaceholderPage;
  // A page that breaks says so in its place, with 重试, rather than leave the frame white; a part of
  // it that suspends shows a spinner.
  return (
    <PageErrorBoundary>
      <Suspense fallback={<Spin style={{ display: 'block', marginTop: 64 }} />}>
        {route.access === 'public' ? <Page route={route} /> : <PermittedPage route={route} Page={Page} />}
      </Suspense>
    </PageErrorBoundary>
  );
}

/**
 * Every kept page of the app, each in its own `<Activity>`: the one in view is visible, the others
 * keep their state hidden until their tab comes back, and leave when their tab closes.
 */
function FramePages({ pages }: { pages: SubAppPages }) {
  const { t } = useTranslation();
  const path = useFrame((state) => state.path);
  const tabs = useFrame((state) => state.tabs);
  const generations = useFrame((state) => state.generations);
  const signedOut = useFrame((state) => state.signedOut);
  if (signedOut) return <Result status="info" title={t('subApp.signedOut')} />;
  const visible = pathnameOf(path);
  return (
    <>
      {keptPaths({ path, tabs }).map((kept) => (
        <Activity key={`${kept}#${generations[kept] ?? 0}`} mode={kept === visible ? 'visible' : 'hidden'}>
          <main style={{ height: '100vh', overflow: 'auto' }} data-page={kept}>
            <PageAt path={kept} pages={pages} />
          </main>
        </Activity>
      ))}
    </>
  );
}

function Themed({ pages }: { pages: SubAppPages }) {
  const theme = useFrame((state) => state.theme);
  const palette = useMemo(() => paletteFromVariables(theme.palette, theme.mode), [theme]);
  return (
    <AppConfigProvider mode={theme.mode} palette={palette}>
      <FeedbackHost />
      <FramePages pages={pages} />
    </AppConfigProvider>
  );
}

/**
 * A list page's address in a frame: the frame's path, which follows the shell's address bar; a change
 * replaces the entry through the runtime, so the shell's address (and so reload, back and a shared
 * link) carries the list's paging and filters.
 */
function useFrameListLocation(): ListLocation {
  const path = useFrame((state) => state.path);
  const { navigate } = useRuntime();
  return useMemo(() => {
    const pathname = pathnameOf(path);
    const rest = path.slice(pathname.length);
    const hash = rest.indexOf('#');
    return {
      pathname,
      search: hash < 0 ? rest : rest.slice(0, hash),
      replace: (to: string) => navigate(to, { replace: true }),
    };
  }, [path, navigate]);
}

/**
 * The whole sub-app: theme and locale from the shell, the frame's query client, the CRUD kit's
 * environment (the frame's HTTP client and address), and its pages kept alive per open tab.
 */
export function SubAppRoot({ runtime, pages }: { runtime: SubAppRuntime; pages: SubAppPages }) {
  const crud = useMemo<CrudEnvironment>(
    () => ({ http: runtime.http, useListLocation: useFrameListLocation }),
    [runtime],
  );
  return (
    <RuntimeContext value={runtime}>
      <QueryClientProvider client={runtime.queryClient}>
        <CrudProvider value={crud}>
          <Themed pages={pages} />
        </CrudProvider>
      </QueryClientProvider>
    </RuntimeContext>
  );
}
