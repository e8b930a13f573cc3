import { Alert, Button, Card, Flex, Table, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { usePluginProbe } from '../queries';

/** /plug (public): what the video plug-in is and whether this computer runs it. */
export function PlugPage() {
  const { t } = useTranslation();
  const probe = usePluginProbe();
  const detected = probe.data?.some((port) => port.open) ?? false;
  const checking = probe.isFetching;

  return (
    <main style={{ maxWidth: 760, margin: '0 auto', padding: 24 }}>
      <Typography.Title level={3}>{t('plug.title')}</Typography.Title>
      <Flex vertical gap={16}>
        <Typography.Paragraph>{t('plug.intro')}</Typography.Paragraph>
        <Card
          title={t('plug.status')}
          extra={
            <Button icon={<ReloadOutlined />} loading={checking} onClick={() => void probe.refetch()}>
              {t('plug.recheck')}
            </Button>
          }
        >
          <Flex vertical gap={12}>
            {checking ? (
              <Alert type="info" title={t('plug.checking')} />
            ) : detected ? (
              <Alert type="success" title={t('plug.detected')} />
            ) : (
              <Alert type="warning" title={t('plug.notDetected')} description={t('plug.notDetectedHelp')} />
            )}
            <Table
              size="small"
              rowKey="port"
              pagination={false}
              loading={checking}
              dataSource={probe.data ?? []}
              columns={[
                { title: t('plug.port'), dataIndex: 'port' },
                {
                  title: t('plug.status'),
                  dataIndex: 'open',
                  render: (open: boolean) => (
                    <Tag color={open ? 'success' : 'default'}>
                      {open ? t('plug.portOpen') : t('plug.portClosed')}
                    </Tag>
                  ),
                },
              ]}
            />
            <Typography.Text type="secondary">{t('plug.honest')}</Typography.Text>
          </Flex>
        </Card>
      </Flex>
    </main>
  );
}
