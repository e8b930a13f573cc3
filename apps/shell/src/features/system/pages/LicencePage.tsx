import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Descriptions, Flex, Input, Tag, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  chinaDateTime,
  signedLicenceSchema,
  worseReasonsText,
  type LicenceStatus,
  type PublicLicenceStatus,
  type RegisterLicenceRequest,
  type WorseReason,
} from '@cityops/contract';
import { currentLocale, listText, openConfirm, showMessage, useLocale } from '@cityops/ui';
import { downgradeReasons } from '../api';
import { useLicenceStatus, useRegisterLicence } from '../queries';

const STATE_COLOUR = { valid: 'success', expired: 'error', missing: 'default' } as const;

/**
 * The licence in force: its state, and for who may see it (the detail endpoint's answer) customer,
 * dates and what it opens; the public status says only the state.
 */
export function LicenceStatusCard({ status }: { status: LicenceStatus | PublicLicenceStatus }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const licence = 'licence' in status ? status.licence : null;
  const daysLeft = 'daysLeft' in status ? status.daysLeft : null;
  return (
    <Card title={t('licence.status')}>
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('licence.status')}>
          <Tag color={STATE_COLOUR[status.state]}>{t(`licence.${status.state}`)}</Tag>
        </Descriptions.Item>
        {licence && (
          <>
            <Descriptions.Item label={t('licence.customer')}>{licence.customer}</Descriptions.Item>
            <Descriptions.Item label={t('licence.id')}>{licence.licenceId}</Descriptions.Item>
            <Descriptions.Item label={t('licence.issuedAt')}>
              {chinaDateTime(licence.issuedAt).slice(0, 10)}
            </Descriptions.Item>
            <Descriptions.Item label={t('licence.expiresAt')}>
              {chinaDateTime(licence.expiresAt).slice(0, 10)}
            </Descriptions.Item>
            {daysLeft !== null && (
              <Descriptions.Item label={t('licence.daysLeft')}>
                {t('licence.daysLeftValue', { count: daysLeft })}
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('licence.modules')}>
              {listText(licence.modules, locale)}
            </Descriptions.Item>
            <Descriptions.Item label={t('licence.deviceLimit')}>{licence.deviceLimit}</Descriptions.Item>
          </>
        )}
      </Descriptions>
    </Card>
  );
}

/**
 * Registering a vendor-signed licence file (upload or paste). A worse or older licence than the one in
 * force is installed only when the administrator confirms it.
 */
export function RegisterLicenceCard({ title, footer }: { title?: string; footer?: ReactNode }) {
  const { t } = useTranslation();
  const registration = useRegisterLicence();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function register(raw: string) {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      setProblem(t('licence.badJson'));
      return;
    }
    const parsed = signedLicenceSchema.safeParse(json);
    if (!parsed.success) {
      setProblem(t('licence.badShape'));
      return;
    }
    setProblem(null);
    send(parsed.data);
  }

  function send(request: RegisterLicenceRequest) {
    registration.mutate(request, {
      onSuccess: () => {
        showMessage('SUCCESS', t('licence.registered'));
        setText('');
      },
      onError: (error) => {
        const reasons = downgradeReasons(error);
        if (reasons) void confirmDowngrade(request, reasons);
        else showMessage('FAIL', error.message);
      },
    });
  }

  /** A worse or older licence: installed only if the administrator says so; 取消 changes nothing. */
  async function confirmDowngrade(request: RegisterLicenceRequest, reasons: WorseReason[]) {
    const install = await openConfirm({
      title: t('licence.downgradeTitle'),
      content: t('licence.downgradeText', { reasons: worseReasonsText(reasons, currentLocale()) }),
      okText: t('account.ok'),
      cancelText: t('account.cancel'),
    });
    if (install) send({ ...request, acceptDowngrade: true });
  }

  return (
    <Card title={title ?? t('licence.register')}>
      <Flex vertical gap={12}>
        <Upload
          accept=".json,application/json"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(file) => {
            void file.text().then(register);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={registration.isPending}>
            {t('licence.upload')}
          </Button>
        </Upload>
        <Typography.Text strong>{t('licence.paste')}</Typography.Text>
        <Input.TextArea
          aria-label={t('licence.paste')}
          rows={8}
          value={text}
          placeholder={t('licence.pastePlaceholder')}
          onChange={(event) => setText(event.target.value)}
        />
        {problem && <Alert type="error" title={problem} />}
        <Flex gap={8} align="center">
          <Button
            type="primary"
            disabled={text.trim() === ''}
            loading={registration.isPending}
            onClick={() => register(text)}
          >
            {t('licence.register')}
          </Button>
          {footer}
        </Flex>
      </Flex>
    </Card>
  );
}

/** /license (public): the installed licence and how to register a new one the vendor signed. */
export function LicencePage() {
  const { t } = useTranslation();
  const status = useLicenceStatus();
  return (
    <main style={{ maxWidth: 760, margin: '0 auto', padding: 24 }}>
      <Typography.Title level={3}>{t('licence.title')}</Typography.Title>
      <Flex vertical gap={16}>
        {status.data && <LicenceStatusCard status={status.data} />}
        {status.isError && <Alert type="error" title={t('licence.loadFailed')} />}
        <RegisterLicenceCard footer={<Link to="/login">{t('licence.toLogin')}</Link>} />
      </Flex>
    </main>
  );
}
