import { Form, Input, InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  dicCodeField,
  itemCodeField,
  type DicItemRow,
  type DicTypeRow,
  type TextKey,
} from '@cityops/contract';
import { FormDialog } from '@cityops/crud';
import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import {
  useCreateItem,
  useCreateType,
  useRefreshDictionaries,
  useUpdateItem,
  useUpdateType,
} from '../queries';
import { dictionaryTexts } from '../texts';

/** A field checked by the contract's rule, in the contract's words. */
function useContractRule() {
  const { t } = useTranslation('contract');
  return (schema: z.ZodType): Rule => ({
    validator: async (_, value: unknown) => {
      const parsed = schema.safeParse(value ?? '');
      if (!parsed.success) throw new Error(t(parsed.error.issues[0]?.message as TextKey));
    },
  });
}

export type TypeTarget = { kind: 'add' } | { kind: 'edit'; type: DicTypeRow };

interface TypeValues {
  code: string;
  name: string;
  description?: string;
  sortNum?: number | null;
}

export function TypeDialog({ target, onClose }: { target: TypeTarget; onClose(): void }) {
  const t = dictionaryTexts.useTexts();
  const { t: tr } = useTranslation('contract');
  const rule = useContractRule();
  const create = useCreateType();
  const update = useUpdateType();
  const refresh = useRefreshDictionaries();
  const editing = target.kind === 'edit' ? target.type : null;
  return (
    <FormDialog<TypeValues>
      open
      title={editing ? t('editType') : t('addType')}
      initialValues={editing ?? { sortNum: 0 }}
      successText={tr(editing ? 'admin.saved' : 'admin.created')}
      submit={async (values) => {
        const body = {
          code: editing?.code ?? values.code,
          name: values.name,
          description: values.description ?? '',
          sortNum: values.sortNum ?? 0,
        };
        await (editing ? update.mutateAsync(body) : create.mutateAsync(body));
        await refresh();
      }}
      onClose={onClose}
    >
      <Form.Item
        name="code"
        label={t('code')}
        rules={editing ? [] : [{ required: true, message: t('codeRequired') }, rule(dicCodeField)]}
      >
        <Input maxLength={64} disabled={editing !== null} />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('name')}
        rules={[{ required: true, whitespace: true, message: t('nameRequired') }, { max: 100 }]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="description" label={t('description')} rules={[{ max: 200 }]}>
        <Input.TextArea maxLength={200} showCount rows={3} />
      </Form.Item>
      <Form.Item name="sortNum" label={t('sortNum')}>
        <InputNumber min={0} max={999} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </FormDialog>
  );
}

export type ItemTarget = { kind: 'add'; dicCode: string } | { kind: 'edit'; item: DicItemRow };

interface ItemValues {
  itemCode: string;
  itemName: string;
  sort?: number | null;
  enabled?: boolean;
}

export function ItemDialog({ target, onClose }: { target: ItemTarget; onClose(): void }) {
  const t = dictionaryTexts.useTexts();
  const { t: tr } = useTranslation('contract');
  const rule = useContractRule();
  const create = useCreateItem();
  const update = useUpdateItem();
  const refresh = useRefreshDictionaries();
  const editing = target.kind === 'edit' ? target.item : null;
  return (
    <FormDialog<ItemValues>
      open
      title={editing ? t('editItem') : t('addItem')}
      initialValues={editing ?? { sort: 0, enabled: true }}
      successText={tr(editing ? 'admin.saved' : 'admin.created')}
      submit={async (values) => {
        const fields = { itemName: values.itemName, sort: values.sort ?? 0, enabled: values.enabled ?? true };
        await (editing
          ? update.mutateAsync({ itemId: editing.itemId, ...fields })
          : create.mutateAsync({
              dicCode: target.kind === 'add' ? target.dicCode : '',
              itemCode: values.itemCode,
              ...fields,
            }));
        await refresh();
      }}
      onClose={onClose}
    >
      <Form.Item
        name="itemCode"
        label={t('itemCode')}
        rules={editing ? [] : [{ required: true, message: t('itemCodeRequired') }, rule(itemCodeField)]}
      >
        <Input maxLength={64} disabled={editing !== null} />
      </Form.Item>
      <Form.Item
        name="itemName"
        label={t('itemName')}
        rules={[{ required: true, whitespace: true, message: t('itemNameRequired') }, { max: 100 }]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="sort" label={t('sort')}>
        <InputNumber min={0} max={999} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
        <Switch checkedChildren={t('on')} unCheckedChildren={t('off')} />
      </Form.Item>
    </FormDialog>
  );
}
