import { AutoComplete, Form, Input, InputNumber, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  PERMISSION_TYPES,
  resourceFieldsSchema,
  type CreateResource,
  type PermissionNode,
  type ResourceRow,
} from '@cityops/contract';
import { crudTexts, FormDialog, zodRule } from '@cityops/crud';
import { useCreateResource, usePageUrls, useUpdateResource } from '../queries';
import { authorityTexts } from '../texts';

type ParentOption = { value: number; title: string; children?: ParentOption[] };

/** The parent choices: the tree without the edited item and what is below it (no cycles). */
const parentOptions = (nodes: readonly PermissionNode[], without?: number): ParentOption[] =>
  nodes
    .filter((node) => node.id !== without)
    .map((node) => {
      const children = parentOptions(node.children, without);
      return {
        value: node.id,
        title: `${node.name}（${node.code}）`,
        ...(children.length > 0 ? { children } : {}),
      };
    });

export type ResourceDialogTarget = { kind: 'add'; parentId: number } | { kind: 'edit'; row: ResourceRow };

/** Add or edit a permission item (§3, §5): every field up to 100 characters, sort number below 1000. */
export function ResourceFormDialog({
  target,
  tree,
  onClose,
}: {
  target: ResourceDialogTarget;
  tree: readonly PermissionNode[];
  onClose(): void;
}) {
  const t = authorityTexts.useTexts();
  const crud = crudTexts.useTexts();
  const { t: contract } = useTranslation('contract');
  const create = useCreateResource();
  const update = useUpdateResource();
  const urls = usePageUrls();
  const editing = target.kind === 'edit' ? target.row : null;
  const max100 = { max: 100, message: t('tooLong') };

  const initialValues: Partial<CreateResource> = editing
    ? {
        parentId: editing.parentId,
        name: editing.name,
        code: editing.code,
        type: editing.type,
        url: editing.url,
        sortNum: editing.sortNum,
        icon: editing.icon,
      }
    : { parentId: target.kind === 'add' ? target.parentId : 0, type: 2, url: '', sortNum: 0, icon: '' };

  return (
    <FormDialog<CreateResource>
      open
      title={editing ? t('edit') : t('add')}
      initialValues={initialValues}
      successText={editing ? crud('saved') : crud('created')}
      submit={(values) => {
        const body = { ...values, parentId: values.parentId ?? 0 };
        return editing ? update.mutateAsync({ ...body, id: editing.id }) : create.mutateAsync(body);
      }}
      onClose={onClose}
    >
      <Form.Item name="parentId" label={t('parent')}>
        <TreeSelect
          treeData={[{ value: 0, title: t('root') }, ...parentOptions(tree, editing?.id)]}
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandedKeys={initialValues.parentId ? [initialValues.parentId] : []}
        />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('name')}
        rules={[{ required: true, whitespace: true, message: contract('resource.nameRequired') }, max100]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item
        name="code"
        label={t('code')}
        rules={[
          { required: true, whitespace: true, message: contract('resource.codeRequired') },
          max100,
          { pattern: /^[A-Za-z0-9_-]+$/, message: contract('resource.codeFormat') },
        ]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="type" label={t('type')} rules={[{ required: true, message: t('typeRequired') }]}>
        <Select
          options={PERMISSION_TYPES.map((type) => ({
            value: type,
            label: `${type} ${t(`type.${type}` as const)}`,
          }))}
        />
      </Form.Item>
      <Form.Item
        name="url"
        label={t('url')}
        rules={[max100, zodRule(resourceFieldsSchema.shape.url, t('url'))]}
      >
        <AutoComplete
          allowClear
          placeholder={t('urlPlaceholder')}
          options={(urls.data ?? []).map((page) => ({ value: page.url, label: `${page.title} ${page.url}` }))}
          filterOption={(input, option) =>
            String(option?.label ?? '')
              .toLowerCase()
              .includes(input.toLowerCase())
          }
        />
      </Form.Item>
      <Form.Item
        name="sortNum"
        label={t('sortNum')}
        rules={[
          {
            validator: (_, value: unknown) =>
              typeof value === 'number' && value >= 1000
                ? Promise.reject(new Error(contract('field.sortNum')))
                : Promise.resolve(),
          },
        ]}
      >
        <InputNumber min={0} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="icon" label={t('icon')} rules={[max100]}>
        <Input maxLength={100} />
      </Form.Item>
    </FormDialog>
  );
}
