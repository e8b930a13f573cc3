import { useState } from 'react';
import { Card, Tabs } from 'antd';
import { useCrud } from '@cityops/crud';
import { OperationLogTab } from './OperationLogTab';
import { RetentionSetting } from './RetentionSetting';
import { SignInLogTab } from './SignInLogTab';
import { logTexts } from './texts';

type Tab = 'signIn' | 'operation';

/**
 * 日志管理: the sign-in log and the operation log, read-only, and how long they are kept. One tab is
 * mounted at a time; switching starts the other from its defaults (the address holds one list's state).
 */
export function LogManagePage() {
  const t = logTexts.useTexts();
  const location = useCrud().useListLocation();
  const [tab, setTab] = useState<Tab>('signIn');
  return (
    <Card size="small">
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          location.replace(location.pathname);
          setTab(key as Tab);
        }}
        tabBarExtraContent={<RetentionSetting />}
        destroyOnHidden
        items={[
          { key: 'signIn', label: t('signInTab'), children: <SignInLogTab /> },
          { key: 'operation', label: t('operationTab'), children: <OperationLogTab /> },
        ]}
      />
    </Card>
  );
}
