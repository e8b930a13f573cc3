import { useState } from 'react';
import { Button, Card, Typography, theme } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PermissionType } from '@cityops/contract';
import { logout } from '../../auth/api';
import { useSession } from '../../auth/session';

/** Menu and page entries (platform-shell.md §6); groups (0) and element codes (4, 5) are not. */
const ENTRY_TYPES: readonly number[] = [
  PermissionType.MENU,
  PermissionType.PAGE,
  PermissionType.EXTERNAL_LINK,
  PermissionType.HIDDEN_PAGE,
];

/**
 * The signed-in landing page for now: who is signed in, how many menu entries they may open, and a
 * way out. The header, side menu and tab bar arrive with the layout.
 */
export function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const user = useSession((state) => state.user);
  const [leaving, setLeaving] = useState(false);
  if (!user) return null;

  const entries = user.menus.filter((item) => ENTRY_TYPES.includes(item.type)).length;

  async function onLogout() {
    setLeaving(true);
    await logout();
    navigate('/login', { replace: true });
  }

  return (
    <main
      style={{ minHeight: '100vh', padding: 48, boxSizing: 'border-box', background: token.colorBgLayout }}
    >
      <Card style={{ maxWidth: 640, margin: '0 auto' }}>
        <Typography.Title level={3}>
          {t('home.welcome', { name: user.name || user.userName })}
        </Typography.Title>
        <Typography.Paragraph>{t('home.menuCount', { count: entries })}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">{t('home.later')}</Typography.Paragraph>
        <Button loading={leaving} onClick={() => void onLogout()}>
          {t('logout')}
        </Button>
      </Card>
    </main>
  );
}
