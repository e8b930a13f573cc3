import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE } from '@cityops/contract';
import { subAppForPath } from '@cityops/client';
import { isLocale, paletteVariables } from '@cityops/ui';
import { useActiveTheme } from '../theme/themePalette';
import { SubAppFrames } from './SubAppFrames';

const NO_TABS = [] as const;

/**
 * A sub-app page anyone may open (`/iotcloud/iot/dynamicTable`, `/zcapp/dashboard/login`): its frame
 * fills the window, with no header, menus or tabs, and needs no session.
 */
export function PublicSubAppPage() {
  const { pathname, search } = useLocation();
  const { i18n } = useTranslation();
  const { mode, palette } = useActiveTheme();
  const theme = useMemo(() => ({ mode, palette: paletteVariables(palette) }), [mode, palette]);
  const app = subAppForPath(pathname);
  const apps = useMemo(() => (app ? [app] : []), [app]);
  return (
    <div style={{ position: 'relative', height: '100vh' }}>
      <SubAppFrames
        apps={apps}
        path={`${pathname}${search}`}
        tabs={NO_TABS}
        theme={theme}
        locale={isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE}
      />
    </div>
  );
}
