import { DatePicker, Form, Input, Select, TreeSelect, type TreeSelectProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { createUserSchema, GENDERS, type OrgOption, type UserRow } from '@cityops/contract';
import { crudTexts, FormDialog, ProjectSelect, zodRule } from '@cityops/crud';
import { platformNow } from '@cityops/ui';
import { useCreateUser, useOrgOptions, useRoleOptions, useUpdateUser } from '../queries';
import { userTexts } from '../texts';

interface FormValues {
  userName: string;
  password: string;
  name: string;
  gender: 'male' | 'female' | null;
  email: string;
  phone: string;
  otherContact: string;
  jobTitle: string;
  birthDate: Dayjs | null;
  orgId: number | null;
  roleIds: number[];
  projectIds: number[];
}

const field = createUserSchema.shape;

const orgTree = (options: OrgOption[]): NonNullable<TreeSelectProps['treeData']> =>
  options.map((org) => ({ value: org.orgId, title: org.name, children: orgTree(org.children) }));

/** Add or edit a user (platform-shell.md §3 User); the rules are the contract's, as the server checks. */
export function UserFormDialog({ user, onClose }: { user: UserRow | 'new'; onClose(): void }) {
  const t = userTexts.useTexts();
  const crud = crudTexts.useTexts();
  const create = useCreateUser();
  const update = useUpdateUser();
  const roles = useRoleOptions();
  const orgs = useOrgOptions();
  const editing = user === 'new' ? null : user;
  const required = (label: string) => ({ required: true, message: t('required', { field: label }) });

  const initialValues: Partial<FormValues> = editing
    ? {
        ...editing,
        birthDate: editing.birthDate ? dayjs(editing.birthDate) : null,
        roleIds: editing.roles.map((role) => role.roleId),
      }
    : { gender: null, roleIds: [], projectIds: [], orgId: null, birthDate: null };

  const submit = (values: FormValues) => {
    const fields = {
      name: values.name,
      gender: values.gender ?? null,
      email: values.email ?? '',
      phone: values.phone ?? '',
      otherContact: values.otherContact ?? '',
      jobTitle: values.jobTitle ?? '',
      birthDate: values.birthDate ? values.birthDate.format('YYYY-MM-DD') : null,
      orgId: values.orgId ?? null,
      roleIds: values.roleIds,
      projectIds: values.projectIds ?? [],
    };
    return editing
      ? update.mutateAsync({ ...fields, userId: editing.userId })
      : create.mutateAsync({ ...fields, userName: values.userName, password: values.password });
  };

  return (
    <FormDialog<FormValues>
      open
      title={editing ? t('edit') : t('add')}
      initialValues={initialValues}
      successText={editing ? crud('saved') : crud('created')}
      submit={submit}
      onClose={onClose}
      width={720}
    >
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 }}>
        <Form.Item
          name="userName"
          label={t('userName')}
          rules={editing ? [] : [required(t('userName')), zodRule(field.userName, t('userName'))]}
        >
          <Input showCount disabled={!!editing} maxLength={50} autoComplete="off" />
        </Form.Item>
        {editing ? (
          <div />
        ) : (
          <Form.Item
            name="password"
            label={t('password')}
            extra={t('passwordHint')}
            rules={[required(t('password')), zodRule(field.password, t('password'))]}
          >
            <Input.Password maxLength={16} autoComplete="new-password" />
          </Form.Item>
        )}
        <Form.Item
          name="name"
          label={t('name')}
          rules={[required(t('name')), zodRule(field.name, t('name'))]}
        >
          <Input showCount maxLength={50} />
        </Form.Item>
        <Form.Item name="gender" label={t('gender')}>
          <Select allowClear options={GENDERS.map((gender) => ({ value: gender, label: t(gender) }))} />
        </Form.Item>
        <Form.Item name="email" label={t('email')} rules={[zodRule(field.email, t('email'))]}>
          <Input showCount maxLength={50} />
        </Form.Item>
        <Form.Item name="phone" label={t('phone')} rules={[zodRule(field.phone, t('phone'))]}>
          <Input showCount maxLength={30} />
        </Form.Item>
        <Form.Item name="otherContact" label={t('otherContact')} rules={[{ max: 50 }]}>
          <Input showCount maxLength={50} />
        </Form.Item>
        <Form.Item name="jobTitle" label={t('jobTitle')} rules={[{ max: 50 }]}>
          <Input showCount maxLength={50} />
        </Form.Item>
        <Form.Item name="birthDate" label={t('birthDate')}>
          <DatePicker style={{ width: '100%' }} disabledDate={(day) => day.isAfter(platformNow(), 'day')} />
        </Form.Item>
        <Form.Item name="orgId" label={t('org')}>
          <TreeSelect
            allowClear
            treeDefaultExpandAll
            treeData={orgTree(orgs.data ?? [])}
            loading={orgs.isLoading}
          />
        </Form.Item>
        <Form.Item
          name="roleIds"
          label={t('role')}
          rules={[{ required: true, type: 'array', min: 1, message: t('roleRequired') }]}
        >
          <Select
            mode="multiple"
            loading={roles.isLoading}
            optionFilterProp="label"
            options={(roles.data ?? []).map((role) => ({ value: role.roleId, label: role.name }))}
          />
        </Form.Item>
        <Form.Item name="projectIds" label={t('projects')}>
          <ProjectSelect mode="multiple" />
        </Form.Item>
      </div>
    </FormDialog>
  );
}
