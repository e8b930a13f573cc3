import { DatePicker, Form } from 'antd';
import type { Dayjs } from 'dayjs';
import { MOMENT_FORMAT, platformTimeOf } from '@cityops/ui';

/** How the lists write a moment and the contract's `momentFilter` reads it (the platform's time). */
export { MOMENT_FORMAT };

export type MomentRange = [Dayjs, Dayjs] | null | undefined;

/** A list's `from`/`to` filter as the range picker's value, on the platform's clock. */
export function momentRangeOf(from: string | undefined, to: string | undefined): MomentRange {
  return from && to ? [platformTimeOf(from), platformTimeOf(to)] : null;
}

/** The picked range as the list's `from`/`to` filter (both cleared when nothing is picked). */
export function momentFilterOf(range: MomentRange): { from?: string; to?: string } {
  return { from: range?.[0]?.format(MOMENT_FORMAT), to: range?.[1]?.format(MOMENT_FORMAT) };
}

/** A search bar's 时间范围 field, to the second, bound to the form's `range`. */
export function MomentRangeItem({ label }: { label: string }) {
  return (
    <Form.Item name="range" label={label}>
      <DatePicker.RangePicker showTime format={MOMENT_FORMAT} />
    </Form.Item>
  );
}
