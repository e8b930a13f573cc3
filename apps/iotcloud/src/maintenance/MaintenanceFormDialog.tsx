import { DatePicker, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import {
  maintenanceEndpoints,
  nameOptions,
  type Names,
  MAINTENANCE_KINDS,
  MAINTENANCE_RESULTS,
  maintenanceFieldsShape,
  yuanOf,
  type MaintenanceKind,
  type MaintenanceResult,
  type MaintenanceRow,
} from '@cityops/contract';
import { DevicePicker, crudTexts, FormDialog, MOMENT_FORMAT, zodRule } from '@cityops/crud';
import { platformDay, platformNow } from '@cityops/ui';
import { useLocale } from '../assets/shared';
import { useCreateRecord, useUpdateRecord } from './queries';
import { maintenanceTexts } from './texts';

interface FormValues {
  deviceId: number;
  kind: MaintenanceKind;
  fault: string;
  content: string;
  result: MaintenanceResult;
  maintainer: string;
  maintainerPhone: string;
  maintainedAt: Dayjs;
  cost: string;
}

const field = maintenanceFieldsShape;

/** The kinds or results as select options in the language in use. */
export const choicesOf = (names: Record<string, Names>, locale: string) =>
  nameOptions(names, Object.keys(names), locale);

/**
 * Add or edit a maintenance record (设备维护): the device (of the projects the user sees),
 * kind, fault (200), work done (500, required), result, maintainer (50, required) and phone, when (not
 * in the future) and the cost in yuan with two decimals.
 */
export function MaintenanceFormDialog({
  record,
  deviceId,
  onClose,
}: {
  record: MaintenanceRow | null;
  /** For a new record: the device it is for, when the page is about one device. */
  deviceId?: number;
  onClose(): void;
}) {
  const t = maintenanceTexts.useTexts();
  const crud = crudTexts.useTexts();
  const locale = useLocale();
  const create = useCreateRecord();
  const update = useUpdateRecord();
  const required = (label: string) => ({
    required: true,
    whitespace: true,
    message: t('required', { field: label }),
  });
  const choose = (label: string) => ({ required: true, message: t('choose', { field: label }) });

  const initialValues: Partial<FormValues> = record
    ? {
        deviceId: record.deviceId ?? undefined,
        kind: record.kind,
        fault: record.fault,
        content: record.content,
        result: record.result,
        maintainer: record.maintainer,
        maintainerPhone: record.maintainerPhone,
        maintainedAt: platformDay(record.maintainedAt),
        cost: yuanOf(record.costCents),
      }
    : { deviceId, kind: 'inspect', result: 'fixed', maintainedAt: platformNow().startOf('minute') };

  const submit = async (values: FormValues) => {
    const fields = {
      deviceId: values.deviceId,
      kind: values.kind,
      fault: values.fault ?? '',
      content: values.content,
      result: values.result,
      maintainer: values.maintainer,
      maintainerPhone: values.maintainerPhone ?? '',
      maintainedAt: values.maintainedAt.format(MOMENT_FORMAT),
      costCents: values.cost ?? '',
    };
    return record ? update.mutateAsync({ ...fields, recordId: record.recordId }) : create.mutateAsync(fields);
  };

  return (
    <FormDialog<FormValues>
      open
      title={record ? t('edit') : t('add')}
      initialValues={initialValues}
      successText={record ? crud('saved') : crud('created')}
      submit={submit}
      onClose={onClose}
      width={760}
    >
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 }}>
        <Form.Item
          name="deviceId"
          label={t('device')}
          rules={[choose(t('device'))]}
          style={{ gridColumn: '1 / 3' }}
        >
          <DevicePicker endpoint={maintenanceEndpoints.devices} />
        </Form.Item>
        <Form.Item name="kind" label={t('kind')} rules={[choose(t('kind'))]}>
          <Select options={choicesOf(MAINTENANCE_KINDS, locale)} />
        </Form.Item>
        <Form.Item name="result" label={t('result')} rules={[choose(t('result'))]}>
          <Select options={choicesOf(MAINTENANCE_RESULTS, locale)} />
        </Form.Item>
        <Form.Item
          name="maintainer"
          label={t('maintainer')}
          rules={[required(t('maintainer')), zodRule(field.maintainer, t('maintainer'))]}
        >
          <Input showCount maxLength={50} />
        </Form.Item>
        <Form.Item
          name="maintainerPhone"
          label={t('maintainerPhone')}
          rules={[zodRule(field.maintainerPhone, t('maintainerPhone'))]}
        >
          <Input showCount maxLength={20} />
        </Form.Item>
        <Form.Item name="maintainedAt" label={t('maintainedAt')} rules={[choose(t('maintainedAt'))]}>
          <DatePicker
            showTime
            format={MOMENT_FORMAT}
            style={{ width: '100%' }}
            disabledDate={(day) => day.isAfter(platformNow(), 'day')}
          />
        </Form.Item>
        <Form.Item name="cost" label={t('cost')} rules={[zodRule(field.costCents, t('cost'))]}>
          <Input showCount maxLength={12} inputMode="decimal" />
        </Form.Item>
      </div>
      <Form.Item name="fault" label={t('fault')} rules={[zodRule(field.fault, t('fault'))]}>
        <Input.TextArea maxLength={200} showCount rows={2} />
      </Form.Item>
      <Form.Item
        name="content"
        label={t('content')}
        rules={[required(t('content')), zodRule(field.content, t('content'))]}
      >
        <Input.TextArea maxLength={500} showCount rows={3} />
      </Form.Item>
    </FormDialog>
  );
}
