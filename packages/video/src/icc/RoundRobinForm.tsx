import { useState } from 'react';
import { Button, Checkbox, Flex, InputNumber, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ROUND_ROBIN_DEFAULT, ROUND_ROBIN_UNITS, type RoundRobinUnit } from '../constants.js';
import { checkRoundRobinForm, unitMinimum, type RoundRobinForm as Form } from '../roundRobin.js';

export interface RoundRobinFormProps {
  running: boolean;
  onStart(form: { stepTime: number; stepUnit: RoundRobinUnit; playFullSceen: boolean }): void;
  onStop(): void;
}

/** The 轮播设置 tab (§4.5, §5): interval, unit, full screen, start and stop. */
export function RoundRobinForm({ running, onStart, onStop }: RoundRobinFormProps) {
  const { t } = useTranslation('ui');
  const [form, setForm] = useState<Form>(ROUND_ROBIN_DEFAULT);
  const problem = checkRoundRobinForm(form);
  const [touched, setTouched] = useState(false);
  const problemText = problem
    ? problem.key === 'video.roundRobin.range'
      ? t(problem.key, { min: problem.min, max: problem.max, unit: t(`video.unit.${problem.unit}`) })
      : t(problem.key)
    : null;

  const start = () => {
    setTouched(true);
    if (problem || form.stepTime === null || form.stepUnit === null) return;
    onStart({ stepTime: form.stepTime, stepUnit: form.stepUnit, playFullSceen: form.playFullSceen });
  };

  return (
    <Flex vertical gap={10}>
      <Flex align="center" gap={6}>
        <InputNumber<number>
          aria-label={t('video.roundRobin.stepTime')}
          disabled={running}
          precision={0}
          value={form.stepTime}
          status={touched && problem ? 'error' : undefined}
          onChange={(stepTime) => setForm((current) => ({ ...current, stepTime }))}
          style={{ flex: 1 }}
        />
        <Select<RoundRobinUnit>
          aria-label={t('video.roundRobin.stepUnit')}
          disabled={running}
          value={form.stepUnit}
          // §5: a new unit starts at its minimum.
          onChange={(stepUnit) =>
            setForm((current) => ({ ...current, stepUnit, stepTime: unitMinimum(stepUnit) }))
          }
          options={ROUND_ROBIN_UNITS.map((unit) => ({ value: unit, label: t(`video.unit.${unit}`) }))}
          style={{ width: 72 }}
        />
      </Flex>
      {touched && problemText && <Typography.Text type="danger">{problemText}</Typography.Text>}
      <Checkbox
        disabled={running}
        checked={form.playFullSceen}
        onChange={(event) => setForm((current) => ({ ...current, playFullSceen: event.target.checked }))}
      >
        {t('video.roundRobin.fullScreen')}
      </Checkbox>
      {running ? (
        <Button danger onClick={onStop}>
          {t('video.roundRobin.stop')}
        </Button>
      ) : (
        <Button type="primary" onClick={start}>
          {t('video.roundRobin.start')}
        </Button>
      )}
    </Flex>
  );
}
