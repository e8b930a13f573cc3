import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CreateRole, RoleRow } from '@cityops/contract';
import { crudTexts, FormDialog } from '@cityops/crud';
import { useCreateRole, useUpdateRole } from '../queries';
import { roleTexts } from '../texts';

/** Add or edit a role: name 1-50 (unique, the server says when taken), description up to 200. */
export function RoleFormDialog({ role, onClose }: { role: RoleRow | 'new'; onClose(): void }) {
  const t = roleTexts.useTexts();
  const crud = crudTexts.useTexts();
  const { t: contract } = useTranslation('contract');
  const create = useCreateRole();
  const update = useUpdateRole();
  const editing = role === 'new' ? null : role;

  return (
    <FormDialog<CreateRole>
      open
      title={editing ? t('edit') : t('add')}
      initialValues={editing ? { name: editing.name, description: editing.description } : { description: '' }}
      successText={editing ? crud('saved') : crud('created')}
      submit={(values) =>
        editing ? update.mutateAsync({ ...values, roleId: editing.roleId }) : create.mutateAsync(values)
      }
      onClose={onClose}
      width={520}
    >
      <Form.Item
        name="name"
        label={t('name')}
        rules={[
          { required: true, whitespace: true, message: contract('role.nameRequired') },
          { max: 50, message: t('nameLength') },
        ]}
        extra={editing?.builtIn ? t('builtIn') : undefined}
      >
        <Input placeholder={t('namePlaceholder')} disabled={editing?.builtIn} maxLength={50} />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('description')}
        rules={[{ max: 200, message: t('descriptionLength') }]}
      >
        <Input.TextArea rows={3} maxLength={200} showCount />
      </Form.Item>
    </FormDialog>
  );
}
