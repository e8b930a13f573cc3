import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Empty,
  Form,
  Input,
  InputNumber,
  Select,
  Switch,
  Table,
  type FormInstance,
  type FormRule,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  nameOptions,
  ALARM_LEVEL_NAMES,
  AUTO_HANDLE_NAMES,
  AUTO_HANDLE_OPTIONS,
  EVENT_LEVELS,
  OFFLINE_IDENTIFIER,
  REPEAT_FREQUENCY_OPTIONS,
  RULE_DURATION_MAX_SECONDS,
  RULE_MODES,
  RULE_OPERATORS,
  RULE_REPEAT_COUNT_MAX,
  contractTexts,
  createRuleSchema,
  kindOfMode,
  givenName,
  NAME_EN_MAX,
  nameOf,
  ruleFieldsShape,
  type AutoHandleOption,
  type CreateRule,
  type EventLevel,
  type FunctionRow,
  type RepeatFrequency,
  type RuleMode,
  type RuleOperator,
  type RuleRow,
  type TextKey,
} from '@cityops/contract';
import { crudTexts, FormDialog, LoadFailedAlert, useListState, zodRule } from '@cityops/crud';
import { i18n, useCan } from '@cityops/ui';
import { EditDeleteActions, useLocale } from '../assets/shared';
import { assetTexts } from '../assets/texts';
import { describeSpec, ProductChooser, productChoiceSchema } from './FunctionManagePage';
import { useCreateRule, useDeleteRule, useRules, useThingModel, useUpdateRule } from './queries';

const NO_REPEAT = 'none';

type AssetT = ReturnType<typeof assetTexts.useTexts>;

/** The rule form's values: a rule's fields as its inputs hold them, before they are sent. */
export interface RuleValues {
  name: string;
  nameEn?: string;
  mode: RuleMode;
  identifier?: string;
  operator?: RuleOperator;
  threshold?: number | null;
  windowSeconds?: number | null;
  clearOperator?: RuleOperator | null;
  clearThreshold?: number | null;
  clearIdentifier?: string;
  durationSeconds?: number | null;
  repeatCount?: number | null;
  level: EventLevel;
  autoHandle: AutoHandleOption;
  repeatFrequency: RepeatFrequency | typeof NO_REPEAT;
  scheduled: boolean;
  schedule?: { days?: number[]; from?: string; to?: string };
  enabled: boolean;
}

/** Which fields a mode has: the others are neither shown nor sent. */
export const modeFields = (mode: RuleMode) => ({
  /** A numeric property (threshold, trends) or an event (event); offline watches the device itself. */
  watches: mode === 'offline' ? null : mode === 'event' ? ('event' as const) : ('property' as const),
  operator: mode === 'threshold' || mode === 'predict',
  threshold: mode === 'threshold' || mode === 'predict' || mode === 'rise',
  window: kindOfMode(mode) === 'warning',
  clearValue: mode === 'threshold' || mode === 'rise' || mode === 'predict',
  clearEvent: mode === 'event',
  repeatCount: mode !== 'offline',
});

const orNull = <T,>(value: T | null | undefined): T | null => (value === undefined ? null : value);

/** The rule the server is sent for the form's values: only the fields of its mode. */
export function ruleBody(values: RuleValues, productId: number): CreateRule {
  const mode = values.mode ?? 'threshold';
  const fields = modeFields(mode);
  return {
    productId,
    name: values.name ?? '',
    nameEn: values.nameEn ?? '',
    mode,
    identifier: fields.watches === null ? OFFLINE_IDENTIFIER : (values.identifier ?? ''),
    operator: fields.operator ? (values.operator ?? '>') : '>',
    threshold: fields.threshold ? (values.threshold ?? Number.NaN) : 0,
    windowSeconds: fields.window ? orNull(values.windowSeconds) : null,
    clearOperator: fields.clearValue ? orNull(values.clearOperator) : null,
    clearThreshold: fields.clearValue ? orNull(values.clearThreshold) : null,
    clearIdentifier: fields.clearEvent ? (values.clearIdentifier ?? '') : '',
    durationSeconds: values.durationSeconds ?? 0,
    repeatCount: fields.repeatCount ? (values.repeatCount ?? 1) : 1,
    level: values.level,
    autoHandle: values.autoHandle ?? 'waiting',
    repeatFrequency:
      values.repeatFrequency === undefined || values.repeatFrequency === NO_REPEAT
        ? null
        : values.repeatFrequency,
    schedule: values.scheduled
      ? {
          days: values.schedule?.days ?? [],
          from: values.schedule?.from ?? '',
          to: values.schedule?.to ?? '',
        }
      : null,
    enabled: values.enabled ?? true,
  };
}

/** A stored rule as the form holds it. */
const valuesOf = (rule: RuleRow): RuleValues => ({
  ...rule,
  repeatFrequency: rule.repeatFrequency ?? NO_REPEAT,
  scheduled: rule.schedule !== null,
  schedule: rule.schedule ?? { days: [1, 2, 3, 4, 5, 6, 7], from: '00:00', to: '23:59' },
});

const NEW_RULE: Partial<RuleValues> = {
  mode: 'threshold',
  operator: '>',
  level: 'common',
  durationSeconds: 0,
  repeatCount: 1,
  autoHandle: 'waiting',
  repeatFrequency: NO_REPEAT,
  scheduled: false,
  schedule: { days: [1, 2, 3, 4, 5, 6, 7], from: '00:00', to: '23:59' },
  enabled: true,
};

const isTextKey = (value: string): value is TextKey => Object.hasOwn(contractTexts['zh-CN'], value);

/**
 * The contract's checks that tie fields together (a half clear condition, a trend's window, a
 * schedule's span), shown under the field the contract names, in its words.
 */
const ruleCheck =
  (path: string, productId: number): FormRule =>
  (form) => ({
    validator: async () => {
      const body = ruleBody(form.getFieldsValue(true) as RuleValues, productId);
      // The contract checks how fields go together only once each is valid on its own: an empty name
      // or property (refused by their own rules) must not hide a half clear condition.
      const probe = {
        ...body,
        name: body.name.trim() || 'rule',
        identifier: body.identifier || OFFLINE_IDENTIFIER,
        threshold: Number.isFinite(body.threshold) ? body.threshold : 1,
      };
      const parsed = createRuleSchema.safeParse(probe);
      if (parsed.success) return;
      const key = parsed.error.issues.find((candidate) => candidate.path.join('.') === path)?.message;
      if (key !== undefined && isTextKey(key)) throw new Error(i18n.t(`contract:${key}`));
    },
  });

/** A rule's condition in words, for the table. */
export function describeRule(rule: RuleRow, functionName: (identifier: string) => string, t: AssetT): string {
  const name = functionName(rule.identifier);
  const window = rule.windowSeconds ?? 0;
  const base = {
    threshold: `${name} ${rule.operator} ${rule.threshold}`,
    event: t('eventCondition', { name }),
    offline: t('offlineCondition'),
    rise: t('riseCondition', { name, window, threshold: rule.threshold }),
    predict: t('predictCondition', { name, window, operator: rule.operator, threshold: rule.threshold }),
  }[rule.mode];
  const { durationSeconds: seconds, repeatCount: count } = rule;
  const parts =
    rule.mode === 'event'
      ? [seconds > 0 ? t('eventsWithin', { seconds, count }) : count > 1 ? t('eventTimes', { count }) : '']
      : [seconds > 0 ? t('forSeconds', { seconds }) : '', count > 1 ? t('timesInRow', { count }) : ''];
  const extra = parts.filter(Boolean);
  return extra.length > 0 ? `${base}（${extra.join('，')}）` : base;
}

const describeClear = (rule: RuleRow, functionName: (identifier: string) => string) => {
  if (rule.clearOperator !== null && rule.clearThreshold !== null)
    return `${functionName(rule.identifier)} ${rule.clearOperator} ${rule.clearThreshold}`;
  if (rule.clearIdentifier !== '') return functionName(rule.clearIdentifier);
  return '';
};

const describeSchedule = (rule: RuleRow, t: AssetT) =>
  rule.schedule === null
    ? t('scheduleAlways')
    : `${rule.schedule.days.map((day) => t(`day_${day}` as 'day_1')).join('、')} ${rule.schedule.from}-${rule.schedule.to}`;

/** The product's properties a threshold or trend can watch: its integer and float properties. */
export const numericProperties = (functions: readonly FunctionRow[]) =>
  functions.filter(
    (row): row is Extract<FunctionRow, { kind: 'property' }> =>
      row.kind === 'property' && (row.spec.type === 'int' || row.spec.type === 'float'),
  );
export const modelEvents = (functions: readonly FunctionRow[]) =>
  functions.filter((row): row is Extract<FunctionRow, { kind: 'event' }> => row.kind === 'event');

function RuleFields({
  form,
  productId,
  functions,
}: {
  form: FormInstance<RuleValues>;
  productId: number;
  functions: readonly FunctionRow[];
}) {
  const t = assetTexts.useTexts();
  const locale = useLocale();
  const mode = Form.useWatch('mode', form) ?? 'threshold';
  const scheduled = Form.useWatch('scheduled', form) ?? false;
  const fields = modeFields(mode);
  const properties = numericProperties(functions);
  const events = modelEvents(functions);
  const choose = (label: string) => ({ required: true, message: t('choose', { field: label }) });
  const enter = (label: string) => ({ required: true, message: t('required', { field: label }) });
  const grid = { display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 } as const;
  return (
    <>
      <div style={grid}>
        <Form.Item
          name="name"
          label={t('ruleName')}
          rules={[
            { required: true, whitespace: true, message: t('required', { field: t('ruleName') }) },
            zodRule(ruleFieldsShape.name, t('ruleName')),
          ]}
        >
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item
          name="nameEn"
          label={t('nameEn')}
          extra={t('nameEnHint')}
          rules={[zodRule(ruleFieldsShape.nameEn, t('nameEn'))]}
        >
          <Input maxLength={NAME_EN_MAX} />
        </Form.Item>
        <Form.Item name="mode" label={t('ruleMode')} rules={[choose(t('ruleMode'))]}>
          <Select
            options={RULE_MODES.map((code) => ({ value: code, label: t(`mode_${code}`) }))}
            onChange={() => form.setFieldsValue({ identifier: undefined, clearIdentifier: '' })}
          />
        </Form.Item>
      </div>
      {fields.watches === 'property' && (
        <Form.Item name="identifier" label={t('property')} rules={[choose(t('property'))]}>
          <Select
            options={properties.map((row) => ({
              value: row.identifier,
              label: `${row.name} (${row.identifier}) ${describeSpec(row.spec, t)}`,
            }))}
          />
        </Form.Item>
      )}
      {fields.watches === 'event' && (
        <Form.Item name="identifier" label={t('event')} rules={[choose(t('event'))]}>
          <Select
            options={events.map((row) => ({
              value: row.identifier,
              label: `${row.name} (${row.identifier})`,
            }))}
          />
        </Form.Item>
      )}
      <div style={grid}>
        {fields.operator && (
          <Form.Item name="operator" label={t('operator')} rules={[choose(t('operator'))]}>
            <Select options={RULE_OPERATORS.map((operator) => ({ value: operator, label: operator }))} />
          </Form.Item>
        )}
        {fields.threshold && (
          <Form.Item
            name="threshold"
            label={mode === 'rise' ? t('riseBy') : t('threshold')}
            dependencies={['mode']}
            rules={[enter(mode === 'rise' ? t('riseBy') : t('threshold')), ruleCheck('threshold', productId)]}
          >
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        )}
        {fields.window && (
          <Form.Item
            name="windowSeconds"
            label={mode === 'rise' ? t('windowRise') : t('windowPredict')}
            dependencies={['mode']}
            rules={[ruleCheck('windowSeconds', productId)]}
          >
            <InputNumber min={60} max={RULE_DURATION_MAX_SECONDS} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        )}
        {fields.clearValue && (
          <>
            <Form.Item name="clearOperator" label={t('clearOperator')} tooltip={t('clearHint')}>
              <Select
                allowClear
                options={RULE_OPERATORS.map((operator) => ({ value: operator, label: operator }))}
              />
            </Form.Item>
            <Form.Item
              name="clearThreshold"
              label={t('clearThreshold')}
              dependencies={['clearOperator', 'mode']}
              rules={[ruleCheck('clearThreshold', productId)]}
            >
              <InputNumber style={{ width: '100%' }} />
            </Form.Item>
          </>
        )}
        {fields.clearEvent && (
          <Form.Item name="clearIdentifier" label={t('clearIdentifier')}>
            <Select
              options={[
                { value: '', label: t('clearIdentifierNone') },
                ...events.map((row) => ({ value: row.identifier, label: `${row.name} (${row.identifier})` })),
              ]}
            />
          </Form.Item>
        )}
        <Form.Item name="durationSeconds" label={t(mode === 'event' ? 'eventWindow' : 'durationSeconds')}>
          <InputNumber min={0} max={RULE_DURATION_MAX_SECONDS} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        {fields.repeatCount && (
          <Form.Item name="repeatCount" label={t(mode === 'event' ? 'eventCount' : 'repeatCount')}>
            <InputNumber min={1} max={RULE_REPEAT_COUNT_MAX} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        )}
        <Form.Item name="level" label={t('alarmLevel')} rules={[choose(t('alarmLevel'))]}>
          <Select options={nameOptions(ALARM_LEVEL_NAMES, EVENT_LEVELS, locale)} />
        </Form.Item>
        <Form.Item name="autoHandle" label={t('autoHandle')}>
          <Select options={nameOptions(AUTO_HANDLE_NAMES, AUTO_HANDLE_OPTIONS, locale)} />
        </Form.Item>
        <Form.Item name="repeatFrequency" label={t('repeatFrequency')}>
          <Select
            options={[
              { value: NO_REPEAT, label: t('noRepeat') },
              ...REPEAT_FREQUENCY_OPTIONS.map((option) => ({ value: option, label: option })),
            ]}
          />
        </Form.Item>
        <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="scheduled" label={t('schedule')} valuePropName="checked">
          <Switch checkedChildren={t('scheduleLimited')} unCheckedChildren={t('scheduleAlways')} />
        </Form.Item>
      </div>
      {scheduled && (
        <>
          <Form.Item
            name={['schedule', 'days']}
            label={t('scheduleDays')}
            rules={[ruleCheck('schedule.days', productId)]}
          >
            <Checkbox.Group
              options={[1, 2, 3, 4, 5, 6, 7].map((day) => ({
                value: day,
                label: t(`day_${day}` as 'day_1'),
              }))}
            />
          </Form.Item>
          <div style={grid}>
            <Form.Item
              name={['schedule', 'from']}
              label={t('scheduleFrom')}
              rules={[ruleCheck('schedule.from', productId)]}
            >
              <Input placeholder={t('clockHint')} maxLength={5} />
            </Form.Item>
            <Form.Item
              name={['schedule', 'to']}
              label={t('scheduleTo')}
              dependencies={[['schedule', 'from']]}
              rules={[ruleCheck('schedule.to', productId)]}
            >
              <Input placeholder={t('clockHint')} maxLength={5} />
            </Form.Item>
          </div>
        </>
      )}
    </>
  );
}

function RuleFormDialog({
  productId,
  rule,
  functions,
  onClose,
}: {
  productId: number;
  rule: RuleRow | null;
  functions: readonly FunctionRow[];
  onClose(): void;
}) {
  const t = assetTexts.useTexts();
  const crud = crudTexts.useTexts();
  const create = useCreateRule();
  const update = useUpdateRule();
  const submit = (values: RuleValues) => {
    const body = ruleBody(values, productId);
    return rule ? update.mutateAsync({ ...body, ruleId: rule.ruleId }) : create.mutateAsync(body);
  };
  return (
    <FormDialog<RuleValues>
      open
      width={720}
      title={rule ? t('editRule') : t('addRule')}
      initialValues={rule ? valuesOf(rule) : NEW_RULE}
      successText={rule ? crud('saved') : crud('created')}
      submit={submit}
      onClose={onClose}
    >
      {(form) => <RuleFields form={form} productId={productId} functions={functions} />}
    </FormDialog>
  );
}

/**
 * 模型设置: a product's alarm rules: threshold, event and offline rules raise
 * alarms, rise and predict rules early warnings; each with its clear condition, how long and how many
 * times in a row the condition must hold, the §4 level and auto-handle option, the §9 repeat
 * frequency and the days and hours it applies. Enabled or not. Changes by modelSetting_edit.
 */
export function ModelSettingPage() {
  const t = assetTexts.useTexts();
  const crud = crudTexts.useTexts();
  const choice = useListState(productChoiceSchema);
  const productId = choice.state.productId;
  const model = useThingModel(productId);
  const rules = useRules(productId);
  const update = useUpdateRule();
  const remove = useDeleteRule();
  const canEdit = useCan('modelSetting_edit');
  const [editing, setEditing] = useState<RuleRow | 'new' | null>(null);
  const locale = useLocale();
  const functions = model.data?.functions ?? [];
  const properties = numericProperties(functions);
  const functionName = (identifier: string) => {
    const found = functions.find((row) => row.identifier === identifier);
    return found ? givenName(found, locale) : identifier;
  };

  /** Enables or disables a rule: every field is sent as it is (the contract's defaults would reset them). */
  const toggle = (rule: RuleRow, enabled: boolean) => {
    const { productName: _product, productNameEn: _productEn, kind: _kind, ...fields } = rule;
    void update.mutateAsync({ ...fields, enabled }).catch(() => undefined);
  };

  const columns: ColumnsType<RuleRow> = [
    { key: 'name', title: t('ruleName'), render: (_, row) => givenName(row, locale) },
    { key: 'mode', title: t('ruleMode'), render: (_, row) => t(`mode_${row.mode}`) },
    { key: 'condition', title: t('ruleCondition'), render: (_, row) => describeRule(row, functionName, t) },
    { key: 'clear', title: t('clearCondition'), render: (_, row) => describeClear(row, functionName) },
    {
      key: 'level',
      title: t('alarmLevel'),
      render: (_, row) => nameOf(ALARM_LEVEL_NAMES, row.level, locale),
    },
    {
      key: 'autoHandle',
      title: t('autoHandle'),
      render: (_, row) => nameOf(AUTO_HANDLE_NAMES, row.autoHandle, locale),
    },
    {
      key: 'repeatFrequency',
      title: t('repeatFrequency'),
      render: (_, row) => row.repeatFrequency ?? t('noRepeat'),
    },
    { key: 'schedule', title: t('schedule'), render: (_, row) => describeSchedule(row, t) },
    {
      key: 'enabled',
      title: t('enabledState'),
      render: (_, row) => (
        <Switch
          checked={row.enabled}
          disabled={!canEdit}
          aria-label={`${t('enabled')} ${row.name}`}
          onChange={(checked) => toggle(row, checked)}
        />
      ),
    },
    {
      key: 'actions',
      title: crud('actions'),
      render: (_, row) => (
        <EditDeleteActions
          name={row.name}
          canEdit={canEdit}
          canDelete={canEdit}
          onEdit={() => setEditing(row)}
          onDelete={() => remove.mutateAsync(row.ruleId)}
        />
      ),
    },
  ];

  return (
    <Card variant="borderless" style={{ margin: 16 }}>
      <ProductChooser productId={productId} onChange={(next) => choice.update({ productId: next })} />
      {productId === undefined ? (
        <Empty description={t('noProductChosen')} />
      ) : (
        <>
          <LoadFailedAlert query={rules} />
          {model.data && properties.length === 0 && (
            <Alert type="info" showIcon message={t('noNumericProperty')} style={{ marginBottom: 12 }} />
          )}
          {canEdit && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={!model.data}
              onClick={() => setEditing('new')}
              style={{ marginBottom: 12 }}
            >
              {t('addRule')}
            </Button>
          )}
          <Table<RuleRow>
            rowKey="ruleId"
            columns={columns}
            dataSource={rules.data ?? []}
            loading={rules.isLoading}
            pagination={false}
          />
        </>
      )}
      {editing !== null && productId !== undefined && (
        <RuleFormDialog
          productId={productId}
          rule={editing === 'new' ? null : editing}
          functions={functions}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
