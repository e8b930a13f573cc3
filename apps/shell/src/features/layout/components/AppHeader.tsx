import { memo } from 'react';
import { Button, Flex, Layout, Typography, theme } from 'antd';
import { UpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { UserMenu } from '@cityops/client';
import { HeaderActions } from '../../header-actions/HeaderActions';
import { FullMenuOverlay } from '../../menu/FullMenuOverlay';
import { MenuSearch } from '../../menu/MenuSearch';
import { TopNav } from '../../menu/TopNav';

interface Props {
  menu: UserMenu;
  currentSystem: string | null;
  onHide(): void;
}

/**
 * The header (video-talk-alarm-header.md §2.7): menus on the left, the user's actions on the right.
 * Memoised: nothing in it depends on the route, so a tab switch leaves it alone.
 */
export const AppHeader = memo(function AppHeader({ menu, currentSystem, onHide }: Props) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        paddingInline: 16,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <FullMenuOverlay topNav={menu.topNav} />
      <Typography.Text strong style={{ whiteSpace: 'nowrap', marginInlineEnd: 16 }}>
        {t('app.name')}
      </Typography.Text>
      <TopNav nodes={menu.topNav} current={currentSystem} />
      <Flex align="center" gap={4}>
        <MenuSearch index={menu.searchIndex} />
        <HeaderActions />
        <Button type="text" icon={<UpOutlined />} aria-label={t('layout.hideHeader')} onClick={onHide} />
      </Flex>
    </Layout.Header>
  );
});
