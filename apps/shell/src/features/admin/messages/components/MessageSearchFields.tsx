import type { Dayjs } from 'dayjs';
import { DatePicker, Form, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { messagePageRequestSchema } from '@cityops/contract';
import { i18n, platformDay } from '@cityops/ui';
import { useMessageTypeOptions } from '../../../messageCentre/messageTypes';
import { messageTexts } from '../texts';

export type RangeValue = [Dayjs, Dayjs] | null | undefined;

/** The filters as the search form holds them; the range becomes the request's startTime and endTime. */
export interface MessageSearch {
  messageType?: number;
  readStatus?: boolean;
  range?: RangeValue;
}

export const rangeOf = (startTime?: string, endTime?: string): RangeValue =>
  startTime && endTime ? [platformDay(startTime), platformDay(endTime)] : undefined;

export function timesOf(range: RangeValue): { startTime?: string; endTime?: string } {
  if (!range) return { startTime: undefined, endTime: undefined };
  return { startTime: range[0].toISOString(), endTime: range[1].toISOString() };
}

/**
 * The contract's own rule (the end later than the start), in its words, before the server is asked;
 * null when the range is fine. The times themselves are always well formed here: only the order can fail.
 */
export function rangeProblem(range: RangeValue): string | null {
  return messagePageRequestSchema.safeParse(timesOf(range)).success
    ? null
    : i18n.t('contract:field.endAfterStart');
}

const rangeRule: Rule = {
  validator: async (_, range: RangeValue) => {
    const problem = rangeProblem(range);
    if (problem) throw new Error(problem);
  },
};

export function MessageSearchFields() {
  const t = messageTexts.useTexts();
  const types = useMessageTypeOptions();
  return (
    <>
      <Form.Item name="messageType" label={t('type')}>
        <Select allowClear placeholder={t('all')} style={{ width: 130 }} options={types} />
      </Form.Item>
      <Form.Item name="readStatus" label={t('readStatus')}>
        <Select
          allowClear
          placeholder={t('all')}
          style={{ width: 100 }}
          options={[
            { value: false, label: t('unread') },
            { value: true, label: t('read') },
          ]}
        />
      </Form.Item>
      <Form.Item name="range" label={t('range')} rules={[rangeRule]}>
        <DatePicker.RangePicker showTime allowClear order={false} />
      </Form.Item>
    </>
  );
}
