import { Alert, Button, Card, Col, Form, Input, InputNumber, Row, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  PARAMETER_GROUPS,
  SECRET_MASK,
  type PlatformSettings,
  type PlatformSettingsUpdate,
} from '@cityops/contract';
import { showMessage } from '@cityops/ui';
import { SystemGroup } from '../parameters/components/SystemGroups';
import { useParameters, usePlatformSettings, useUpdatePlatformSettings } from '../parameters/queries';
import { parameterTexts } from '../parameters/texts';

type FieldName = 'baseUrl' | 'appKey' | 'appSecret' | 'username' | 'password' | 'clientId' | 'clientSecret';
type Field = { name: FieldName; secret?: boolean };
const FIELDS: Record<PlatformSettings['platformCode'], Field[]> = {
  hik_isc_huati: [{ name: 'baseUrl' }, { name: 'appKey' }, { name: 'appSecret', secret: true }],
  dh_icc_huati: [
    { name: 'baseUrl' },
    { name: 'username' },
    { name: 'password', secret: true },
    { name: 'clientId' },
    { name: 'clientSecret', secret: true },
  ],
};

/** A secret shows empty; left empty it keeps its stored value (the server never sends it back). */
function formValues(settings: PlatformSettings): Record<string, string | number> {
  const values: Record<string, string | number> = { ...settings };
  for (const field of FIELDS[settings.platformCode]) if (field.secret) values[field.name] = '';
  return values;
}

function PlatformForm({ settings }: { settings: PlatformSettings }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, string | number>>();
  const update = useUpdatePlatformSettings();
  const title = t(`parameters.platform.${settings.platformCode}`);

  const save = (values: Record<string, string | number>) => {
    const body: Record<string, string | number> = { platformCode: settings.platformCode };
    for (const field of FIELDS[settings.platformCode]) {
      const value = String(values[field.name] ?? '').trim();
      if (!field.secret || value !== '') body[field.name] = value;
    }
    body.timeoutMs = Number(values.timeoutMs);
    update.mutate(body as PlatformSettingsUpdate, {
      onSuccess: (saved) => {
        form.setFieldsValue(formValues(saved));
        showMessage('SUCCESS', t('parameters.saved', { name: title }));
      },
      // On failure the HTTP client has shown the server's reason (which field, which rule).
    });
  };

  return (
    <Card title={title} size="small" style={{ maxWidth: 640 }}>
      <Form
        form={form}
        layout="vertical"
        initialValues={formValues(settings)}
        onFinish={save}
        aria-label={title}
      >
        {FIELDS[settings.platformCode].map((field) => {
          const label = t(`parameters.field.${field.name}`);
          const stored = field.secret && settings[field.name as keyof PlatformSettings] === SECRET_MASK;
          return (
            <Form.Item
              key={field.name}
              name={field.name}
              label={label}
              rules={
                field.secret
                  ? []
                  : [{ required: true, whitespace: true, message: t('parameters.required', { label }) }]
              }
              extra={stored ? t('parameters.secretKept') : undefined}
            >
              {field.secret ? (
                <Input.Password autoComplete="new-password" placeholder={stored ? SECRET_MASK : ''} />
              ) : (
                <Input autoComplete="off" />
              )}
            </Form.Item>
          );
        })}
        <Form.Item name="timeoutMs" label={t('parameters.field.timeoutMs')} rules={[{ required: true }]}>
          <InputNumber min={500} max={60_000} step={500} style={{ width: 200 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('parameters.save')}
        </Button>
      </Form>
    </Card>
  );
}

/** The system parameters, one form per group, side by side where the page is wide enough. */
function SystemParameterGroups() {
  const { data: parameters, isError: failed } = useParameters();
  const { t } = useTranslation();
  if (failed) return <Alert type="error" showIcon message={t('parameters.loadFailed')} />;
  if (!parameters) return <Skeleton active />;
  return (
    <Row gutter={[16, 16]}>
      {PARAMETER_GROUPS.map((group) => (
        <Col key={group} xs={24} lg={12} xxl={8}>
          <SystemGroup group={group} parameters={parameters} />
        </Col>
      ))}
    </Row>
  );
}

/**
 * 参数管理: the system parameters (session, tabs, sign-in lock, password policy, map), which apply
 * without a restart, and the video platforms' connection settings (address, keys, timeout), which
 * the video endpoints use to reach the camera platforms. Secrets are never shown, only replaced.
 */
export function ParameterPage() {
  const { t } = useTranslation();
  const texts = parameterTexts.useTexts();
  const { data: settings, isError: failed } = usePlatformSettings();

  return (
    <div style={{ padding: 16 }}>
      <Typography.Title level={1} style={{ fontSize: 20 }}>
        {t('parameters.title')}
      </Typography.Title>
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        {texts('systemTitle')}
      </Typography.Title>
      <SystemParameterGroups />
      <Typography.Title level={2} style={{ fontSize: 16, marginTop: 24 }}>
        {texts('videoTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('parameters.intro')}</Typography.Paragraph>
      {failed && <Alert type="error" showIcon message={t('parameters.loadFailed')} />}
      {!failed && !settings && <Skeleton active />}
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        {settings?.map((platform) => (
          <PlatformForm key={platform.platformCode} settings={platform} />
        ))}
      </Space>
    </div>
  );
}
