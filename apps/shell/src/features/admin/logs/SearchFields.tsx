import { DatePicker, Form, Input, Select } from 'antd';
import { LOG_OUTCOMES } from '@cityops/contract';
import { logTexts } from './texts';
import { rangeFits, type RangeValue } from './timeRange';

/** The account, outcome and time range fields both logs search by. */
export function CommonSearchFields() {
  const t = logTexts.useTexts();
  return (
    <>
      <Form.Item name="account" label={t('account')}>
        <Input allowClear maxLength={100} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="outcome" label={t('outcome')}>
        <Select
          allowClear
          placeholder={t('all')}
          style={{ width: 120 }}
          options={LOG_OUTCOMES.map((outcome) => ({ value: outcome, label: t(`outcome.${outcome}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="range"
        label={t('range')}
        rules={[
          {
            validator: (_, value: RangeValue) =>
              rangeFits(value) ? Promise.resolve() : Promise.reject(new Error(t('rangeTooLong'))),
          },
        ]}
      >
        <DatePicker.RangePicker allowClear />
      </Form.Item>
    </>
  );
}
