import { Alert, Button, Card, Descriptions, Flex, Space } from 'antd';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { saveFile } from '@cityops/client';
import { showMessage } from '@cityops/ui';
import { RegisterLicenceCard } from '../../../system/pages/LicencePage';
import { LicenceExpiryNotice } from '../components/LicenceExpiryNotice';
import { useRenewalRequest } from '../queries';
import { licenceTexts } from '../texts';

/**
 * 许可证续期: the renewal request for the vendor (customer, installation fingerprint, the licence in
 * force) as a file or text, and importing the renewed licence.
 */
export function LicenceRenewalPage() {
  const t = licenceTexts.useTexts();
  const request = useRenewalRequest();
  const text = request.data ? JSON.stringify(request.data, null, 2) : '';

  return (
    <Flex vertical gap={16} style={{ margin: 16 }}>
      <LicenceExpiryNotice linkToRenewal={false} />
      <Card title={t('request')} loading={request.isLoading}>
        <Flex vertical gap={12}>
          <Alert type="info" title={t('requestHint')} />
          {request.data && (
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('customer')}>{request.data.customer}</Descriptions.Item>
              <Descriptions.Item label={t('fingerprint')}>{request.data.fingerprint}</Descriptions.Item>
              <Descriptions.Item label={t('licenceId')}>
                {request.data.current?.licenceId ?? '-'}
              </Descriptions.Item>
            </Descriptions>
          )}
          <Space>
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              disabled={!request.data}
              onClick={() =>
                saveFile(
                  new Blob([text], { type: 'application/json' }),
                  `cityops-renewal-${request.data?.fingerprint ?? ''}.json`,
                )
              }
            >
              {t('download')}
            </Button>
            <Button
              icon={<CopyOutlined />}
              disabled={!request.data}
              onClick={() =>
                void navigator.clipboard?.writeText(text).then(() => showMessage('SUCCESS', t('copied')))
              }
            >
              {t('copy')}
            </Button>
          </Space>
        </Flex>
      </Card>
      <RegisterLicenceCard title={t('import')} />
    </Flex>
  );
}
