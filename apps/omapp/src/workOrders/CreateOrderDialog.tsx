import { Form, Input, Select } from 'antd';
import {
  nameOptions,
  ALARM_LEVEL_NAMES,
  ALARM_LEVELS,
  WORK_ORDER_BUTTONS,
  WORK_ORDER_TEXT_MAX,
  WORK_ORDER_TITLE_MAX,
  workOrderEndpoints,
  type AlarmLevel,
} from '@cityops/contract';
import { DevicePicker, FormDialog, ProjectScopedItem, ProjectSelect } from '@cityops/crud';
import { useCan, showMessage } from '@cityops/ui';
import { PhotoUpload, type PhotoUploadValue } from './PhotoUpload';
import { useAssignees, useCreateOrder, useLocale } from './queries';
import { workOrderTexts } from './texts';

interface Values {
  title: string;
  description?: string;
  level: AlarmLevel;
  projectId: number;
  deviceId?: number;
  assigneeId?: number;
  photos?: PhotoUploadValue;
}

/** The people of the chosen project an order may go to. */
export function AssigneeSelect({
  projectId,
  ...props
}: {
  projectId: number | undefined;
  value?: number;
  onChange?(userId: number): void;
  allowClear?: boolean;
  placeholder?: string;
}) {
  const assignees = useAssignees(projectId);
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      {...props}
      loading={assignees.isLoading}
      options={(assignees.data ?? []).map((person) => ({
        value: person.userId,
        label: `${person.name}（${person.account}）`,
      }))}
    />
  );
}

/**
 * 新建工单 (source 120201): title, description, level, project, optionally one of the project's
 * devices, photos and, for a dispatcher, the assignee it goes to at once.
 */
export function CreateOrderDialog({ onClose }: { onClose(): void }) {
  const t = workOrderTexts.useTexts();
  const locale = useLocale();
  const create = useCreateOrder();
  const canDispatch = useCan(WORK_ORDER_BUTTONS.dispatch);

  const submit = async (values: Values) => {
    if (values.photos?.uploading) {
      showMessage('WARN', t('photoUploading'));
      throw new Error(t('photoUploading'));
    }
    return create.mutateAsync({
      title: values.title,
      description: values.description ?? '',
      level: values.level,
      projectId: values.projectId,
      deviceId: values.deviceId ?? null,
      assigneeId: values.assigneeId ?? null,
      photoIds: values.photos?.photoIds ?? [],
    });
  };

  return (
    <FormDialog<Values>
      open
      title={t('add')}
      initialValues={{ level: 'common' }}
      successText={t('created')}
      submit={submit}
      onClose={onClose}
      width={680}
    >
      {(form) => (
        <>
          <Form.Item
            name="title"
            label={t('title')}
            rules={[{ required: true, whitespace: true, message: t('required', { field: t('title') }) }]}
          >
            <Input maxLength={WORK_ORDER_TITLE_MAX} />
          </Form.Item>
          <Form.Item name="description" label={t('description')}>
            <Input.TextArea maxLength={WORK_ORDER_TEXT_MAX} showCount rows={3} />
          </Form.Item>
          <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 }}>
            <Form.Item
              name="level"
              label={t('level')}
              rules={[{ required: true, message: t('choose', { field: t('level') }) }]}
            >
              <Select options={nameOptions(ALARM_LEVEL_NAMES, ALARM_LEVELS, locale)} />
            </Form.Item>
            <Form.Item
              name="projectId"
              label={t('project')}
              rules={[{ required: true, message: t('choose', { field: t('project') }) }]}
            >
              <ProjectSelect
                onChange={() => form.setFieldsValue({ assigneeId: undefined, deviceId: undefined })}
              />
            </Form.Item>
          </div>
          <ProjectScopedItem name="deviceId" label={t('device')}>
            {(projectId) => (
              <DevicePicker
                endpoint={workOrderEndpoints.devices}
                projectId={projectId}
                disabled={projectId === undefined}
                allowClear
              />
            )}
          </ProjectScopedItem>
          {canDispatch && (
            <Form.Item noStyle dependencies={['projectId']}>
              {() => (
                <Form.Item name="assigneeId" label={t('assignee')}>
                  <AssigneeSelect
                    projectId={form.getFieldValue('projectId') as number | undefined}
                    allowClear
                    placeholder={t('assigneeHint')}
                  />
                </Form.Item>
              )}
            </Form.Item>
          )}
          <Form.Item name="photos" label={t('photos')}>
            <PhotoUpload />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}
