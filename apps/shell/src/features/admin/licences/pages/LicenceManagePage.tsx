import { Card, Flex, Table, Tag } from 'antd';
import type { RegisteredLicence } from '@cityops/contract';
import { currentLocale } from '@cityops/ui';
import { useLicenceStatus } from '../../../system/queries';
import { LicenceStatusCard, RegisterLicenceCard } from '../../../system/pages/LicencePage';
import { listTime } from '../../time';
import { useRegisteredLicences } from '../queries';
import { systemNames } from '../systemNames';
import { licenceTexts } from '../texts';

/** 许可证管理: the licence in force, every registered licence and what each allows, and registering one. */
export function LicenceManagePage() {
  const t = licenceTexts.useTexts();
  const status = useLicenceStatus();
  const listed = useRegisteredLicences();
  const locale = currentLocale();

  const state = (row: RegisteredLicence) =>
    row.inForce ? (
      <Tag color="green">{t('inForce')}</Tag>
    ) : row.verified ? (
      <Tag>{t('superseded')}</Tag>
    ) : (
      <Tag color="red">{t('unverified')}</Tag>
    );

  return (
    <Flex vertical gap={16} style={{ margin: 16 }}>
      {status.data && <LicenceStatusCard status={status.data} />}
      <Card title={t('registered')}>
        <Table<RegisteredLicence>
          rowKey={(row) => `${row.licenceId}-${row.registeredAt}`}
          loading={listed.isLoading}
          dataSource={listed.data ?? []}
          pagination={false}
          size="small"
          scroll={{ x: 'max-content' }}
          columns={[
            { key: 'licenceId', dataIndex: 'licenceId', title: t('licenceId') },
            { key: 'customer', dataIndex: 'customer', title: t('customer') },
            { key: 'state', title: t('state'), render: (_, row) => state(row) },
            {
              key: 'modules',
              title: t('modules'),
              render: (_, row) =>
                systemNames(row.modules, locale).map((name) => <Tag key={name}>{name}</Tag>),
            },
            { key: 'deviceLimit', dataIndex: 'deviceLimit', title: t('deviceLimit') },
            { key: 'issuedAt', title: t('issuedAt'), render: (_, row) => listTime(row.issuedAt) },
            { key: 'expiresAt', title: t('expiresAt'), render: (_, row) => listTime(row.expiresAt) },
            { key: 'registeredAt', title: t('registeredAt'), render: (_, row) => listTime(row.registeredAt) },
          ]}
        />
      </Card>
      <RegisterLicenceCard />
    </Flex>
  );
}
