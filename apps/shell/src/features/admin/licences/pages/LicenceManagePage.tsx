import { Alert, Card, Flex, Progress, Table, Tag, Typography } from 'antd';
import type { RegisteredLicence } from '@cityops/contract';
import { currentLocale } from '@cityops/ui';
import { LicenceStatusCard, RegisterLicenceCard } from '../../../system/pages/LicencePage';
import { listTime } from '../../time';
import { useDeviceUsage, useLicenceDetail, useRegisteredLicences } from '../queries';
import { systemNames } from '../systemNames';
import { licenceTexts } from '../texts';

/** 许可证管理: the licence in force, every registered licence and what each allows, and registering one. */
export function LicenceManagePage() {
  const t = licenceTexts.useTexts();
  const status = useLicenceDetail();
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
      <DeviceUsageCard />
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

/** A licence this full warns its administrator. */
const NEAR_LIMIT = 0.9;

/** The devices in use against the licence's limit. */
function DeviceUsageCard() {
  const t = licenceTexts.useTexts();
  const usage = useDeviceUsage().data;
  if (!usage) return null;
  const { devicesInUse: inUse, deviceLimit: limit } = usage;
  const share = limit ? inUse / limit : 1;
  return (
    <Card title={t('deviceUsage')} size="small">
      <Flex vertical gap={8}>
        <span>{limit === null ? t('devicesNoLimit', { inUse }) : t('devicesInUse', { inUse, limit })}</span>
        <Typography.Text type="secondary">
          {t('devicesParts', { devices: usage.iotDevices, cameras: usage.cameras })}
        </Typography.Text>
        {limit !== null && (
          <Progress
            percent={Math.min(100, Math.round(share * 100))}
            status={share >= NEAR_LIMIT ? 'exception' : 'normal'}
            aria-label={t('deviceUsage')}
          />
        )}
        {limit !== null && share >= NEAR_LIMIT && (
          <Alert type="warning" showIcon title={t('devicesNearLimit')} />
        )}
      </Flex>
    </Card>
  );
}
