import { DatePicker, Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { projectTexts } from '../texts';

/** A plan period as the contract has it: days `YYYY-MM-DD`. */
export interface Period {
  startDate: string;
  endDate: string;
}

/** A period as the form edits it. */
export interface PeriodValues {
  startDate: Dayjs;
  endDate: Dayjs;
}

export const periodValues = (period: Period): PeriodValues => ({
  startDate: dayjs(period.startDate),
  endDate: dayjs(period.endDate),
});

export const periodBody = (values: PeriodValues): Period => ({
  startDate: values.startDate.format('YYYY-MM-DD'),
  endDate: values.endDate.format('YYYY-MM-DD'),
});

/**
 * The start and end dates of a cycle or a segment, with the server's rules: both required, the end
 * after the start (§5), a segment's days inside its cycle's (`within`), and a cycle's days around its
 * segments' (`around`).
 */
export function PlanPeriodFields({ within, around = [] }: { within?: Period; around?: readonly Period[] }) {
  const t = projectTexts.useTexts();
  const { t: tr } = useTranslation('contract');
  const required = (label: string) => ({ required: true, message: t('choose', { field: label }) });
  const inside = {
    validator: async (_: unknown, value: Dayjs | null) => {
      const shown = value?.format('YYYY-MM-DD');
      if (within && shown && (shown < within.startDate || shown > within.endDate))
        throw new Error(tr('project.segmentOutsideCycle'));
    },
  };
  /** A cycle's start not after any of its segments' starts, its end not before any of their ends. */
  const spanning = (side: keyof Period) => ({
    validator: async (_: unknown, value: Dayjs | null) => {
      const shown = value?.format('YYYY-MM-DD');
      if (!shown) return;
      const cuts =
        side === 'startDate'
          ? around.some((inner) => inner.startDate < shown)
          : around.some((inner) => inner.endDate > shown);
      if (cuts) throw new Error(tr('project.cycleExcludesSegments'));
    },
  });
  return (
    <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 }}>
      <Form.Item
        name="startDate"
        label={t('startDate')}
        rules={[required(t('startDate')), inside, spanning('startDate')]}
      >
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="endDate"
        label={t('endDate')}
        dependencies={['startDate']}
        rules={[
          required(t('endDate')),
          inside,
          spanning('endDate'),
          ({ getFieldValue }) => ({
            validator: async (_, value: Dayjs | null) => {
              const start = getFieldValue('startDate') as Dayjs | null;
              if (value && start && !value.isAfter(start, 'day')) throw new Error(tr('field.endAfterStart'));
            },
          }),
        ]}
      >
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
    </div>
  );
}
