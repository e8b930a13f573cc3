import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { findRouteByPath } from '@cityops/contract';
import { menuTrail } from '@cityops/client';
import { NotConnectedPage } from '@cityops/ui';
import { useUserMenu } from '../../menu/userMenu';

/** Stands in for an administration page whose feature comes later (see NotConnectedPage). */
export function PagePlaceholder() {
  const { i18n } = useTranslation();
  const { pathname } = useLocation();
  const menu = useUserMenu();
  const route = findRouteByPath(pathname);
  if (!route) return null;
  const title = i18n.language === 'en-US' ? route.titleEn : route.title;
  const trail = menu ? menuTrail(menu.tree, route.path, i18n.language) : [];
  return <NotConnectedPage title={title} trail={trail} />;
}
