import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Form, Table, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { z } from 'zod';
import {
  FUNCTION_KINDS,
  givenName,
  idFilter,
  type FunctionKind,
  type FunctionRow,
  type ValueSpec,
} from '@cityops/contract';
import { crudTexts, LoadFailedAlert, useListState } from '@cityops/crud';
import { useCan } from '@cityops/ui';
import { EditDeleteActions, ProductSelect, useLocale } from '../assets/shared';
import { assetTexts, type AssetText } from '../assets/texts';
import { FunctionFormDialog } from './FunctionFormDialog';
import { useDeleteFunction, useThingModel } from './queries';

/** The product chosen, kept in the address like a list's filters. */
export const productChoiceSchema = z.object({ productId: idFilter });

/** A value type in a few words: `整数 0~100 ℃`, `布尔 开/关`, `枚举 0:关, 1:开`, `文本 ≤ 64`. */
export function describeSpec(spec: ValueSpec, t: (key: AssetText) => string): string {
  const type = t(`dataType_${spec.type}`);
  switch (spec.type) {
    case 'int':
    case 'float':
      return `${type} ${spec.min}~${spec.max}${spec.unit ? ` ${spec.unit}` : ''}`;
    case 'bool':
      return spec.trueLabel || spec.falseLabel ? `${type} ${spec.trueLabel}/${spec.falseLabel}` : type;
    case 'enum':
      return `${type} ${spec.values.map((choice) => `${choice.value}:${choice.label}`).join(', ')}`;
    case 'text':
      return `${type} ≤ ${spec.maxLength}`;
  }
}

/** The product chooser every thing-model page starts with. */
export function ProductChooser({
  productId,
  onChange,
}: {
  productId: number | undefined;
  onChange(productId: number | undefined): void;
}) {
  const t = assetTexts.useTexts();
  return (
    <Form layout="inline" style={{ marginBottom: 16 }}>
      <Form.Item label={t('product')}>
        <ProductSelect
          value={productId}
          onChange={(value: number | undefined) => onChange(value)}
          allowClear
          placeholder={t('chooseProduct')}
          style={{ width: 280 }}
        />
      </Form.Item>
    </Form>
  );
}

/**
 * 功能管理: a product's functions by kind (属性, 服务, 事件) with their value types;
 * add, edit and delete by the page's button code.
 */
export function FunctionManagePage() {
  const t = assetTexts.useTexts();
  const crud = crudTexts.useTexts();
  const choice = useListState(productChoiceSchema);
  const productId = choice.state.productId;
  const model = useThingModel(productId);
  const remove = useDeleteFunction();
  const canEdit = useCan('functionManage_edit');
  const locale = useLocale();
  const [kind, setKind] = useState<FunctionKind>('property');
  const [editing, setEditing] = useState<FunctionRow | 'new' | null>(null);

  const columns: ColumnsType<FunctionRow> = [
    { key: 'identifier', dataIndex: 'identifier', title: t('identifier') },
    { key: 'name', title: t('functionName'), render: (_, row) => givenName(row, locale) },
    ...(kind === 'property'
      ? [
          {
            key: 'spec',
            title: t('valueSpec'),
            render: (_: unknown, row: FunctionRow) =>
              row.kind === 'property' ? describeSpec(row.spec, t) : '',
          },
          {
            key: 'writable',
            title: t('writable'),
            render: (_: unknown, row: FunctionRow) =>
              row.kind === 'property' && row.writable ? t('readWrite') : t('readOnly'),
          },
        ]
      : [
          {
            key: 'params',
            title: t('functionParams'),
            render: (_: unknown, row: FunctionRow) =>
              row.kind === 'property'
                ? ''
                : row.params.map((param) => (
                    <Tag key={param.identifier}>
                      {param.name} ({param.identifier}): {describeSpec(param.spec, t)}
                    </Tag>
                  )),
          },
        ]),
    ...(kind === 'event'
      ? [
          {
            key: 'level',
            title: t('level'),
            render: (_: unknown, row: FunctionRow) => (row.kind === 'event' ? t(`level_${row.level}`) : ''),
          },
        ]
      : []),
    { key: 'description', dataIndex: 'description', title: t('description') },
    {
      key: 'actions',
      title: crud('actions'),
      render: (_, row) => (
        <EditDeleteActions
          name={row.name}
          canEdit={canEdit}
          canDelete={canEdit}
          onEdit={() => setEditing(row)}
          onDelete={() => remove.mutateAsync(row.functionId)}
        />
      ),
    },
  ];

  const functions = (model.data?.functions ?? []).filter((row) => row.kind === kind);

  return (
    <Card variant="borderless" style={{ margin: 16 }}>
      <ProductChooser productId={productId} onChange={(next) => choice.update({ productId: next })} />
      {productId === undefined ? (
        <Empty description={t('noProductChosen')} />
      ) : model.isError ? (
        <LoadFailedAlert query={model} />
      ) : (
        <>
          <Tabs
            activeKey={kind}
            onChange={(key) => setKind(key as FunctionKind)}
            items={FUNCTION_KINDS.map((value) => ({ key: value, label: t(`kind_${value}`) }))}
            tabBarExtraContent={
              canEdit && (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                  {t('addFunction')}
                </Button>
              )
            }
          />
          <Table<FunctionRow>
            rowKey="functionId"
            columns={columns}
            dataSource={functions}
            loading={model.isLoading}
            pagination={false}
          />
        </>
      )}
      {editing !== null && productId !== undefined && (
        <FunctionFormDialog
          productId={productId}
          row={editing === 'new' ? null : editing}
          kind={kind}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
