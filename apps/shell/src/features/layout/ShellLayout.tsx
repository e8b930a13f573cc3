import { Activity, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Layout } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useLocation, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, SUB_APPS, findRouteByPath, type BridgeTab } from '@cityops/contract';
import { isBareEscape, subAppForPath, systemForPath, type MenuNode } from '@cityops/client';
import { LoadingOverlay, isLocale, paletteVariables } from '@cityops/ui';
import { pageSettings } from '../../app/pageSettings';
import { useStableNavigate } from '../../app/navigation';
import { SideMenu } from '../menu/SideMenu';
import { menuTitle, useSystemChoice, useUserMenu } from '../menu/userMenu';
import { useFrameStatus } from '../subapps/frameStatus';
import { usePrefetchSubApps } from '../subapps/prefetchSubApps';
import { SubAppFrames } from '../subapps/SubAppFrames';
import { useActiveTheme } from '../theme/themePalette';
import { TabBar } from '../tabs/TabBar';
import { LicenceExpiryNotice } from '../admin/licences/components/LicenceExpiryNotice';
import { MessageLive } from '../messageCentre/MessageLive';
import { ShellAlarmReceiver } from '../alarmReceiver/ShellAlarmReceiver';
import { TabPages } from '../tabs/TabPages';
import { tabFor, useTabs, type PageTab } from '../tabs/tabStore';
import { AppHeader } from './components/AppHeader';
import { firstPageWithHeader, HOME_PATH, isHeaderHidden } from './headerVisibility';
import { useSideCollapsed } from './sideCollapse';

const NO_NODES: readonly MenuNode[] = [];

function leavesByPath(nodes: readonly MenuNode[], into = new Map<string, MenuNode>()) {
  for (const node of nodes) {
    if (node.children.length === 0 && node.url && !node.external && !into.has(node.url))
      into.set(node.url, node);
    leavesByPath(node.children, into);
  }
  return into;
}

/** Header, side menu (when the system has one), tab bar and body (platform-shell.md §2). */
export function ShellLayout() {
  const { t, i18n } = useTranslation();
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  const menu = useUserMenu();
  const route = findRouteByPath(pathname);
  const openTab = useTabs((state) => state.open);
  const rememberSearch = useTabs((state) => state.remember);
  const setMaxTabs = useTabs((state) => state.setMaxTabs);
  const choice = useSystemChoice((state) => state.choice);
  const [collapsed, setCollapsed] = useSideCollapsed();
  const [headerShown, setHeaderShown] = useState(true);

  const pathSystem = menu ? systemForPath(menu.topNav, pathname)?.code : undefined;
  useEffect(() => setMaxTabs(pageSettings.maxTabs), [setMaxTabs]);
  useEffect(() => {
    if (route) openTab(tabFor(route, pageSettings.cachedAdminPages));
  }, [route, openTab]);
  useEffect(() => {
    if (route) rememberSearch(route.code, search);
  }, [route, search, rememberSearch]);
  // The system whose menus show: a pick in the top navigation while it holds, else the system of the
  // page in view, or on a page of none (home) the last one shown.
  const [lastPathSystem, setLastPathSystem] = useState<string | null>(null);
  if (pathSystem && pathSystem !== lastPathSystem) setLastPathSystem(pathSystem);
  const picked = choice && choice.over === (pathSystem ?? null) ? choice.code : null;
  const currentSystem = picked ?? pathSystem ?? lastPathSystem;
  useEffect(() => useSystemChoice.getState().follow(pathSystem ?? null), [pathSystem]);
  const side = (menu && currentSystem && menu.sideMenus.get(currentSystem)) || [];
  // The side menus of the systems visited stay mounted, hidden, so going back to a system (a tab of
  // another sub-app) shows its menu again instead of building it anew. Each keeps the path it last
  // showed: a navigation renders the menu in view, not every hidden one (tab switch).
  const [menuPaths, setMenuPaths] = useState<Readonly<Record<string, string>>>({});
  if (currentSystem && side.length > 0 && menuPaths[currentSystem] !== pathname)
    setMenuPaths({ ...menuPaths, [currentSystem]: pathname });
  const pages = useMemo(() => (menu ? leavesByPath(menu.tree) : new Map<string, MenuNode>()), [menu]);
  const frameTitles = useFrameStatus((state) => state.titles);
  const language = i18n.language;
  // Stable across routes, like the header's callbacks: a tab switch re-renders the tab bar's active
  // mark and the body, not the header or every tab's title.
  const titleOf = useCallback(
    (tab: PageTab) => {
      const own = frameTitles[tab.path];
      if (own) return own;
      const node = pages.get(tab.path);
      if (node) return menuTitle(node, language);
      const entry = findRouteByPath(tab.path);
      if (!entry) return tab.path;
      return language === 'en-US' ? entry.titleEn : entry.title;
    },
    [frameTitles, pages, language],
  );
  const hideHeader = useCallback(() => setHeaderShown(false), []);
  const showHeader = useCallback(() => setHeaderShown(true), []);
  const headerVisible = !isHeaderHidden(pathname, HOME_PATH);
  const leaveFullPage = useFullPageExit(headerVisible, `${pathname}${search}`, menu, currentSystem);
  usePrefetchSubApps([...pages.keys()].some((path) => subAppForPath(path) !== null));

  const tabs = useTabs((state) => state.tabs);
  const { mode, palette } = useActiveTheme();
  const theme = useMemo(() => ({ mode, palette: paletteVariables(palette) }), [mode, palette]);
  const locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  const bridgeTabs = tabs.map((tab): BridgeTab => ({ code: tab.code, path: tab.path, title: titleOf(tab) }));
  const tabsKey = JSON.stringify(bridgeTabs);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new array only when the tabs really change
  const sharedTabs = useMemo(() => bridgeTabs, [tabsKey]);
  const frameApps = SUB_APPS.filter(
    (app) => subAppForPath(pathname) === app || tabs.some((tab) => subAppForPath(tab.path) === app),
  );
  const appsKey = frameApps.join();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the same apps give the same array
  const apps = useMemo(() => frameApps, [appsKey]);

  return (
    <ShellAlarmReceiver>
      <Layout style={{ height: '100vh' }}>
        {navigation.state === 'loading' && <LoadingOverlay />}
        <MessageLive />
        {headerVisible && headerShown && menu && (
          <AppHeader menu={menu} currentSystem={currentSystem} onHide={hideHeader} />
        )}
        <Layout>
          {side.length > 0 && (
            <Layout.Sider
              collapsed={collapsed}
              collapsedWidth={64}
              width={220}
              trigger={null}
              style={{ overflow: 'auto' }}
            >
              <Button
                type="text"
                block
                icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                aria-label={collapsed ? t('layout.expandMenu') : t('layout.collapseMenu')}
                onClick={() => setCollapsed(!collapsed)}
                style={{ height: 40, color: 'var(--cityops-menu-text)' }}
              />
              {Object.entries(menuPaths).map(([system, path]) => (
                <Activity key={system} mode={system === currentSystem ? 'visible' : 'hidden'}>
                  <SideMenu
                    nodes={menu?.sideMenus.get(system) ?? NO_NODES}
                    collapsed={collapsed}
                    path={path}
                  />
                </Activity>
              ))}
            </Layout.Sider>
          )}
          <Layout style={{ minWidth: 0 }}>
            <LicenceExpiryNotice />
            <TabBar
              activeCode={route?.code ?? null}
              titleOf={titleOf}
              onShowHeader={headerVisible && !headerShown ? showHeader : undefined}
              onLeaveFullPage={headerVisible ? undefined : leaveFullPage}
            />
            <Layout.Content style={{ overflow: 'hidden', position: 'relative' }}>
              <TabPages activeCode={route?.code ?? null} />
              <SubAppFrames
                apps={apps}
                path={`${pathname}${search}`}
                tabs={sharedTabs}
                theme={theme}
                locale={locale}
                onEscape={headerVisible ? undefined : leaveFullPage}
              />
            </Layout.Content>
          </Layout>
        </Layout>
      </Layout>
    </ShellAlarmReceiver>
  );
}

/**
 * The way back from a full-screen page (no header, video-talk-alarm-header.md §2.3), which hides the
 * top menu, the bell, the alarm receiver's controls and sign-out: to the last page with a header seen
 * in this tab, else the first one of the system in view, else home. Esc over the shell does it too
 * (from a frame, SubAppFrames hears it). The returned function is stable.
 */
function useFullPageExit(
  headerVisible: boolean,
  address: string,
  menu: ReturnType<typeof useUserMenu>,
  currentSystem: string | null,
): () => void {
  const navigate = useStableNavigate();
  const lastWithHeader = useRef<string | null>(null);
  const system = useRef<MenuNode | null>(null);
  useEffect(() => {
    if (headerVisible) lastWithHeader.current = address;
    system.current = menu?.topNav.find((node) => node.code === currentSystem) ?? null;
  });
  const leave = useCallback(() => {
    const fallback = system.current ? firstPageWithHeader(system.current) : null;
    void navigate(lastWithHeader.current ?? fallback ?? HOME_PATH);
  }, [navigate]);
  useEffect(() => {
    if (headerVisible) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (isBareEscape(event)) leave();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [headerVisible, leave]);
  return leave;
}
