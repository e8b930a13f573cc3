import { useState } from 'react';
import { Button, InputNumber, Space, Typography } from 'antd';
import { LOG_BUTTONS, LOG_RETENTION_MAX_DAYS, LOG_RETENTION_MIN_DAYS, logEndpoints } from '@cityops/contract';
import { useEndpointMutation, useEndpointQuery } from '@cityops/crud';
import { showMessage, useCan } from '@cityops/ui';
import { logTexts } from './texts';

/**
 * How long both logs are kept. Holders of the button code change it; everyone else with the page sees
 * it. The server purges older rows daily.
 */
export function RetentionSetting() {
  const t = logTexts.useTexts();
  const mayChange = useCan(LOG_BUTTONS.retention);
  const stored = useEndpointQuery(logEndpoints.retention, { query: {} });
  const save = useEndpointMutation(logEndpoints.saveRetention, (days: number) => ({ body: { days } }), [
    logEndpoints.retention,
  ]);
  const [typed, setTyped] = useState<number | null>(null);
  const days = typed ?? stored.data?.days ?? null;

  if (!stored.data) return null;
  if (!mayChange)
    return (
      <Typography.Text type="secondary">{t('retentionShown', { days: stored.data.days })}</Typography.Text>
    );
  return (
    <Space wrap>
      <Typography.Text id="log-retention-label">{t('retention')}</Typography.Text>
      <InputNumber
        aria-labelledby="log-retention-label"
        min={LOG_RETENTION_MIN_DAYS}
        max={LOG_RETENTION_MAX_DAYS}
        precision={0}
        value={days}
        onChange={(value) => setTyped(value)}
      />
      <Button
        type="primary"
        loading={save.isPending}
        disabled={days === null || days === stored.data.days}
        onClick={() => {
          if (days === null) return;
          save.mutate(days, {
            onSuccess: () => {
              setTyped(null);
              showMessage('SUCCESS', t('retentionSaved'));
            },
          });
        }}
      >
        {t('save')}
      </Button>
      <Typography.Text type="secondary">
        {t('retentionHint', { min: LOG_RETENTION_MIN_DAYS, max: LOG_RETENTION_MAX_DAYS })}
      </Typography.Text>
    </Space>
  );
}
