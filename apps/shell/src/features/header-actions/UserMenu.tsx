import { Button, Dropdown } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../auth/queries';
import { useMessageCentre } from '../messageCentre/messageCentreAccess';
import { messageCentreTexts } from '../messageCentre/texts';
import { DROPDOWN_DELAYS } from './dropdownDelays';

export type AccountDialog = 'password' | 'project' | 'alerts';

interface UserMenuProps {
  /** On narrow screens only the icon shows; the name stays the button's accessible name. */
  compact?: boolean;
  onOpen(dialog: AccountDialog): void;
  onLogout(): void;
}

/** The user's name, opening 修改密码, 设置默认项目, the message alerts (with msg_page) and 退出登录 on hover. */
export function UserMenu({ compact = false, onOpen, onLogout }: UserMenuProps) {
  const { t } = useTranslation();
  const messageTexts = messageCentreTexts.useTexts();
  const messages = useMessageCentre();
  const user = useSessionUser();
  const name = user?.name || user?.userName || '';
  return (
    <Dropdown
      {...DROPDOWN_DELAYS}
      menu={{
        items: [
          { key: 'password', label: t('header.changePassword') },
          { key: 'project', label: t('header.defaultProject') },
          ...(messages ? [{ key: 'alerts', label: messageTexts('alertSettings') }] : []),
          { type: 'divider' as const },
          { key: 'logout', label: t('logout') },
        ],
        onClick: ({ key }) => {
          if (key === 'logout') onLogout();
          else if (key === 'password' || key === 'project' || key === 'alerts') onOpen(key);
        },
      }}
    >
      <Button type="text" icon={<UserOutlined />} aria-label={name || t('header.userMenu')}>
        {compact ? null : name}
      </Button>
    </Dropdown>
  );
}
