import { memo, useState, type ReactNode } from 'react';
import { Button, Flex, Grid, Tooltip } from 'antd';
import {
  ApiOutlined,
  ArrowLeftOutlined,
  HomeOutlined,
  LogoutOutlined,
  ReloadOutlined,
  SkinOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { logout } from '../auth/api';
import { useSessionUser } from '../auth/queries';
import { ChangePasswordDialog } from '../account/ChangePasswordDialog';
import { DefaultProjectDialog } from '../account/DefaultProjectDialog';
import { ThemeModeSwitch } from '../theme/ThemeModeSwitch';
import { ThemeSettingsDrawer } from '../theme/ThemeSettingsDrawer';
import { AlertSettingsDialog } from '../messageCentre/AlertSettingsDialog';
import { FullScreenButton } from './FullScreenButton';
import { LanguageMenu } from './LanguageMenu';
import { AlarmBell } from './AlarmBell';
import { MessageBell } from './MessageBell';
import { MoreActions } from './MoreActions';
import { refreshPage } from './refresh';
import { UserMenu, type AccountDialog } from './UserMenu';
import { useStableNavigate } from '../../app/navigation';

function IconAction({ label, icon, onClick }: { label: string; icon: ReactNode; onClick(): void }) {
  return (
    <Tooltip title={label}>
      <Button type="text" aria-label={label} icon={icon} onClick={onClick} />
    </Tooltip>
  );
}

/**
 * The right-hand side of the header (video-talk-alarm-header.md §2.7): the actions every signed-in
 * user has. It takes no props and holds its own state: the header rendering again for another system
 * does not render it (tab switch).
 */
export const HeaderActions = memo(function HeaderActions() {
  const { t } = useTranslation();
  const navigate = useStableNavigate();
  const [dialog, setDialog] = useState<AccountDialog | null>(null);
  const mustChangePassword = useSessionUser()?.mustChangePassword ?? false;
  const [themeOpen, setThemeOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  // antd's xxl breakpoint: 1600 px and wider.
  const wide = Grid.useBreakpoint().xxl === true;

  async function onLogout() {
    setLeaving(true);
    await logout();
    navigate('/login', { replace: true });
  }

  return (
    <Flex align="center" gap={4} wrap={false}>
      <IconAction label={t('header.refresh')} icon={<ReloadOutlined />} onClick={refreshPage} />
      {wide ? (
        <>
          <IconAction label={t('header.home')} icon={<HomeOutlined />} onClick={() => navigate('/')} />
          <IconAction label={t('header.back')} icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)} />
          <FullScreenButton />
          <LanguageMenu />
          <IconAction label={t('header.plug')} icon={<ApiOutlined />} onClick={() => navigate('/plug')} />
        </>
      ) : (
        <MoreActions />
      )}
      <AlarmBell />
      <MessageBell />
      <IconAction
        label={t('header.themeSettings')}
        icon={<SkinOutlined />}
        onClick={() => setThemeOpen(true)}
      />
      <ThemeModeSwitch />
      <UserMenu compact={!wide} onOpen={setDialog} onLogout={() => void onLogout()} />
      <Tooltip title={t('logout')}>
        <Button
          type="text"
          aria-label={t('logout')}
          icon={<LogoutOutlined />}
          loading={leaving}
          onClick={() => void onLogout()}
        />
      </Tooltip>
      <ThemeSettingsDrawer open={themeOpen} onClose={() => setThemeOpen(false)} />
      {/* A password an administrator set must be replaced before anything else: the dialog stays, and
          its only other way out is signing out. */}
      {mustChangePassword ? (
        <ChangePasswordDialog onClose={() => undefined} onSignOut={() => void onLogout()} />
      ) : (
        dialog === 'password' && <ChangePasswordDialog onClose={() => setDialog(null)} />
      )}
      {dialog === 'project' && <DefaultProjectDialog onClose={() => setDialog(null)} />}
      {dialog === 'alerts' && <AlertSettingsDialog onClose={() => setDialog(null)} />}
    </Flex>
  );
});
