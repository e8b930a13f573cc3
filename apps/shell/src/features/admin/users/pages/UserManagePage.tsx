import { useState } from 'react';
import { Card, Tabs } from 'antd';
import { OnlineSessionsTab } from '../components/OnlineSessionsTab';
import { UserListTab } from '../components/UserListTab';
import { userTexts } from '../texts';

/**
 * 用户管理: users (search, the form, state, password reset, delete) and who is online. Only the open
 * tab is mounted, so each tab's list owns the address bar while it shows.
 */
export function UserManagePage() {
  const t = userTexts.useTexts();
  const [tab, setTab] = useState('list');
  return (
    <Card variant="borderless" style={{ margin: 16 }}>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          { key: 'list', label: t('listTab'), children: <UserListTab /> },
          { key: 'online', label: t('onlineTab'), children: <OnlineSessionsTab /> },
        ]}
      />
    </Card>
  );
}
