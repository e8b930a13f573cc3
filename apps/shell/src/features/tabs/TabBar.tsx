import { memo, useMemo } from 'react';
import { Button, Dropdown, Flex, Tabs, Tooltip, theme } from 'antd';
import { DownOutlined, RollbackOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { HOME_TAB, tabAddress, useTabs, type PageTab } from './tabStore';
import { useStableNavigate } from '../../app/navigation';

interface Props {
  /** The tab of the page in view (its route's code), or null outside the route table. */
  activeCode: string | null;
  /** The title to show for a tab (the menu's name for the page, localised). */
  titleOf(tab: PageTab): string;
  /** Shown when the user has hidden the header: brings it back. */
  onShowHeader?: () => void;
  /** Shown on a full-screen page (no header, §2.3): leaves it for a page with the header. */
  onLeaveFullPage?: () => void;
}

/**
 * Open pages (video-talk-alarm-header.md §2.9): switch, close one, close the others, expand header,
 * and on a full-screen page the way back.
 * A tab switch changes only the active key: the tabs' labels (each with its context menu) are built
 * when the tabs or their titles change, and the handlers read the store when they run.
 */
export const TabBar = memo(function TabBar({ activeCode, titleOf, onShowHeader, onLeaveFullPage }: Props) {
  const { t } = useTranslation();
  const navigate = useStableNavigate();
  const { token } = theme.useToken();
  const tabs = useTabs((state) => state.tabs);

  const actions = useMemo(() => {
    const closeTab = (code: string) => {
      const next = useTabs.getState().close(code);
      if (next) void navigate(next);
    };
    const keepOnly = (code: string) => {
      const { tabs: open, activeCode: active, closeOthers } = useTabs.getState();
      const tab = open.find((candidate) => candidate.code === code);
      closeOthers(code);
      if (tab && code !== active) void navigate(tabAddress(tab));
    };
    // On every click, not only when the active key changes: while a page is still loading, the
    // address has already moved on but the bar still marks the page being left as active, and a
    // click on that tab must take the user back to it.
    const show = (code: string) => {
      const tab = useTabs.getState().tabs.find((candidate) => candidate.code === code);
      const here = `${window.location.pathname}${window.location.search}`;
      if (tab && tabAddress(tab) !== here) void navigate(tabAddress(tab));
    };
    return { closeTab, keepOnly, show };
  }, [navigate]);

  const items = useMemo(
    () =>
      tabs.map((tab) => ({
        key: tab.code,
        closable: tab.code !== HOME_TAB.code,
        closeIcon: undefined,
        label: (
          <Dropdown
            trigger={['contextMenu']}
            menu={{
              items: [
                { key: 'close', label: t('tabs.close'), disabled: tab.code === HOME_TAB.code },
                { key: 'others', label: t('tabs.closeOthers') },
              ],
              onClick: ({ key }) =>
                key === 'close' ? actions.closeTab(tab.code) : actions.keepOnly(tab.code),
            }}
          >
            <span>{titleOf(tab)}</span>
          </Dropdown>
        ),
      })),
    [tabs, titleOf, t, actions],
  );

  return (
    <Flex
      align="center"
      style={{
        paddingInline: 8,
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Tabs
        aria-label={t('tabs.label')}
        type="editable-card"
        hideAdd
        size="small"
        activeKey={activeCode ?? useTabs.getState().activeCode}
        style={{ flex: 1, minWidth: 0, marginBottom: -1 }}
        tabBarStyle={{ margin: 0 }}
        onTabClick={actions.show}
        onEdit={(code, action) => {
          if (action === 'remove' && typeof code === 'string') actions.closeTab(code);
        }}
        items={items}
      />
      <Button size="small" type="text" onClick={() => actions.keepOnly(useTabs.getState().activeCode)}>
        {t('tabs.closeOthers')}
      </Button>
      {onShowHeader && (
        <Button
          size="small"
          type="text"
          icon={<DownOutlined />}
          aria-label={t('layout.showHeader')}
          onClick={onShowHeader}
        />
      )}
      {onLeaveFullPage && (
        <Tooltip title={t('layout.leaveFullPageHint')} placement="bottomRight">
          <Button size="small" type="text" icon={<RollbackOutlined />} onClick={onLeaveFullPage}>
            {t('layout.leaveFullPage')}
          </Button>
        </Tooltip>
      )}
    </Flex>
  );
});
