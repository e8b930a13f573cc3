import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Form, Input, InputNumber, Select, Switch, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  EVENT_LEVELS,
  RULE_OPERATORS,
  ruleFieldsShape,
  type EventLevel,
  type FunctionRow,
  type RuleOperator,
  type RuleRow,
} from '@cityops/contract';
import { crudTexts, FormDialog, LoadFailedAlert, useListState, zodRule } from '@cityops/crud';
import { useCan } from '@cityops/ui';
import { EditDeleteActions } from '../assets/shared';
import { assetTexts } from '../assets/texts';
import { describeSpec, ProductChooser, productChoiceSchema } from './FunctionManagePage';
import { useCreateRule, useDeleteRule, useRules, useThingModel, useUpdateRule } from './queries';

interface RuleValues {
  name: string;
  identifier: string;
  operator: RuleOperator;
  threshold: number;
  level: EventLevel;
  enabled: boolean;
}

/** The properties a threshold can watch: the product's integer and float properties. */
export const numericProperties = (functions: readonly FunctionRow[]) =>
  functions.filter(
    (row): row is Extract<FunctionRow, { kind: 'property' }> =>
      row.kind === 'property' && (row.spec.type === 'int' || row.spec.type === 'float'),
  );

function RuleFormDialog({
  productId,
  rule,
  properties,
  onClose,
}: {
  productId: number;
  rule: RuleRow | null;
  properties: ReturnType<typeof numericProperties>;
  onClose(): void;
}) {
  const t = assetTexts.useTexts();
  const crud = crudTexts.useTexts();
  const create = useCreateRule();
  const update = useUpdateRule();
  const submit = (values: RuleValues) => {
    const fields = { ...values, productId, enabled: values.enabled ?? true };
    return rule ? update.mutateAsync({ ...fields, ruleId: rule.ruleId }) : create.mutateAsync(fields);
  };
  const choose = (label: string) => ({ required: true, message: t('choose', { field: label }) });
  return (
    <FormDialog<RuleValues>
      open
      title={rule ? t('editRule') : t('addRule')}
      initialValues={rule ?? { operator: '>', level: 'common', enabled: true }}
      successText={rule ? crud('saved') : crud('created')}
      submit={submit}
      onClose={onClose}
    >
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
      <Form.Item name="identifier" label={t('property')} rules={[choose(t('property'))]}>
        <Select
          options={properties.map((row) => ({
            value: row.identifier,
            label: `${row.name} (${row.identifier}) ${describeSpec(row.spec, t)}`,
          }))}
        />
      </Form.Item>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 }}>
        <Form.Item name="operator" label={t('operator')} rules={[choose(t('operator'))]}>
          <Select options={RULE_OPERATORS.map((operator) => ({ value: operator, label: operator }))} />
        </Form.Item>
        <Form.Item
          name="threshold"
          label={t('threshold')}
          rules={[{ required: true, message: t('required', { field: t('threshold') }) }]}
        >
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="level" label={t('alarmLevel')} rules={[choose(t('alarmLevel'))]}>
          <Select options={EVENT_LEVELS.map((level) => ({ value: level, label: t(`level_${level}`) }))} />
        </Form.Item>
        <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </div>
    </FormDialog>
  );
}

/**
 * 模型设置 (issue 15 §4): a product's threshold rules on its numeric properties: the condition, the
 * threshold and the §4 level of the alarm they raise; enabled or not. Changes by modelSetting_edit.
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
  const properties = numericProperties(model.data?.functions ?? []);
  const nameOf = (identifier: string) =>
    properties.find((row) => row.identifier === identifier)?.name ?? identifier;

  const toggle = (rule: RuleRow, enabled: boolean) => {
    const { ruleId, productId: product, name, identifier, operator, threshold, level } = rule;
    void update
      .mutateAsync({ ruleId, productId: product, name, identifier, operator, threshold, level, enabled })
      .catch(() => undefined);
  };

  const columns: ColumnsType<RuleRow> = [
    { key: 'name', dataIndex: 'name', title: t('ruleName') },
    {
      key: 'condition',
      title: t('operator'),
      render: (_, row) => `${nameOf(row.identifier)} ${row.operator} ${row.threshold}`,
    },
    { key: 'level', title: t('alarmLevel'), render: (_, row) => t(`level_${row.level}`) },
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
              disabled={properties.length === 0}
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
          properties={properties}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
