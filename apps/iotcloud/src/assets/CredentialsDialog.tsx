import { useState } from 'react';
import { CopyOutlined, EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Descriptions, Modal, Space, Spin, Typography } from 'antd';
import type { DeviceRow } from '@cityops/contract';
import { confirmAction, crudTexts, LoadFailedAlert } from '@cityops/crud';
import { showMessage } from '@cityops/ui';
import { useCredentials, useResetSecret } from './queries';
import { contractText, useLocale } from './shared';
import { assetTexts } from './texts';

const MASK = '••••••••••••••••';

/** A value with a copy button (the clipboard, where the browser allows it). */
function CopyButton({ value, label }: { value: string; label: string }) {
  const t = assetTexts.useTexts();
  return (
    <Button
      size="small"
      type="text"
      icon={<CopyOutlined />}
      aria-label={`${t('copy')} ${label}`}
      onClick={() =>
        void navigator.clipboard?.writeText(value).then(
          () => showMessage('SUCCESS', t('copied')),
          () => undefined,
        )
      }
    />
  );
}

/**
 * 查看设备密钥 (devList_credentials): the device's key, its secret masked until revealed, the broker
 * address, and 重置密钥 after a confirmation (the device must reconnect with the new secret). The
 * secret is only ever shown here, never kept in the list or written to the console.
 */
export function CredentialsDialog({ device, onClose }: { device: DeviceRow; onClose(): void }) {
  const t = assetTexts.useTexts();
  const crud = crudTexts.useTexts();
  const locale = useLocale();
  const credentials = useCredentials(device.deviceId);
  const reset = useResetSecret();
  const [revealed, setRevealed] = useState(false);
  const data = reset.data ?? credentials.data;

  const resetSecret = () =>
    void confirmAction({
      content: t('resetSecretConfirm', { name: device.name }),
      action: () => reset.mutateAsync(device.deviceId),
      successText: contractText('device.secretReset', locale),
    });

  return (
    <Modal
      open
      title={`${t('credentials')} · ${device.name}`}
      onCancel={onClose}
      destroyOnHidden
      width={640}
      footer={[
        <Button key="reset" danger loading={reset.isPending} onClick={resetSecret} disabled={!data}>
          {t('resetSecret')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {crud('ok')}
        </Button>,
      ]}
    >
      <LoadFailedAlert query={credentials} />
      {!data ? (
        credentials.isLoading && <Spin />
      ) : (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('deviceKey')}>
            <Space>
              <Typography.Text code>{data.deviceKey}</Typography.Text>
              <CopyButton value={data.deviceKey} label={t('deviceKey')} />
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={t('secret')}>
            <Space>
              <Typography.Text code data-testid="device-secret">
                {revealed ? data.secret : MASK}
              </Typography.Text>
              <Button
                size="small"
                type="text"
                icon={revealed ? <EyeInvisibleOutlined /> : <EyeOutlined />}
                onClick={() => setRevealed(!revealed)}
              >
                {revealed ? t('hide') : t('reveal')}
              </Button>
              <CopyButton value={data.secret} label={t('secret')} />
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={t('brokerUrl')}>
            <Space>
              <Typography.Text code>{data.brokerUrl}</Typography.Text>
              <CopyButton value={data.brokerUrl} label={t('brokerUrl')} />
            </Space>
          </Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}
