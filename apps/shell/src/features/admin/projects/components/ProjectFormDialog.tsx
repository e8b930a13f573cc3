import { DatePicker, Form, Input, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  projectFieldsShape,
  hostingTextKey,
  phaseTextKey,
  PROJECT_HOSTING,
  PROJECT_PHASES,
  type ProjectDetail,
  type ProjectHosting,
  type ProjectPhase,
} from '@cityops/contract';
import { crudTexts, FormDialog, zodRule } from '@cityops/crud';
import { LocationPicker, locationRule, type LocationValue } from '@cityops/map';
import { useCreateProject, useProject, useUpdateProject } from '../queries';
import { projectTexts } from '../texts';
import { locationBody, projectLocation } from './projectLocation';

interface FormValues {
  projectName: string;
  customer: string;
  location: LocationValue;
  hosting: ProjectHosting | null;
  phase: ProjectPhase;
  implementedOn: Dayjs | null;
  deliveredOn: Dayjs | null;
  leader: string;
  leaderPhone: string;
  opsLeader: string;
  opsLeaderPhone: string;
  remarks: string;
}

const field = projectFieldsShape;
const day = (value: string | null) => (value ? dayjs(value) : null);
const dayText = (value: Dayjs | null | undefined) => (value ? value.format('YYYY-MM-DD') : null);

function initialValues(project: ProjectDetail | null): Partial<FormValues> {
  if (!project) return { phase: 'planning', hosting: null, location: projectLocation(null) };
  return {
    ...project,
    location: projectLocation(project),
    implementedOn: day(project.implementedOn),
    deliveredOn: day(project.deliveredOn),
  };
}

/**
 * Add or edit a project (platform-shell.md §3 Project): the form's fields with the contract's rules,
 * and its place on the map (the §2 picker with the project's outline). Editing opens the stored project
 * (with its members, which the form keeps as they are).
 */
export function ProjectFormDialog({ projectId, onClose }: { projectId: number | 'new'; onClose(): void }) {
  const t = projectTexts.useTexts();
  const crud = crudTexts.useTexts();
  const { t: tr } = useTranslation('contract');
  const create = useCreateProject();
  const update = useUpdateProject();
  const editingId = projectId === 'new' ? null : projectId;
  const stored = useProject(editingId);
  const project = stored.data ?? null;
  const required = (label: string) => ({
    required: true,
    whitespace: true,
    message: t('required', { field: label }),
  });

  const submit = (values: FormValues) => {
    const fields = {
      projectName: values.projectName,
      customer: values.customer ?? '',
      ...locationBody(values.location),
      hosting: values.hosting ?? null,
      phase: values.phase,
      implementedOn: dayText(values.implementedOn),
      deliveredOn: dayText(values.deliveredOn),
      leader: values.leader ?? '',
      leaderPhone: values.leaderPhone ?? '',
      opsLeader: values.opsLeader ?? '',
      opsLeaderPhone: values.opsLeaderPhone ?? '',
      remarks: values.remarks ?? '',
    };
    return project
      ? update.mutateAsync({ ...fields, projectId: project.projectId, userIds: project.userIds })
      : create.mutateAsync(fields);
  };

  if (editingId !== null && !project) {
    return (
      // The stored project first (the form takes its values once): nothing to save until it is here.
      <Modal open loading title={t('edit')} footer={null} onCancel={onClose} width={860} />
    );
  }

  return (
    <FormDialog<FormValues>
      open
      title={project ? t('edit') : t('add')}
      initialValues={initialValues(project)}
      successText={project ? crud('saved') : crud('created')}
      submit={submit}
      onClose={onClose}
      width={860}
    >
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 }}>
        <Form.Item
          name="projectName"
          label={t('projectName')}
          rules={[required(t('projectName')), zodRule(field.projectName, t('projectName'))]}
        >
          <Input showCount maxLength={200} />
        </Form.Item>
        <Form.Item name="customer" label={t('customer')} rules={[zodRule(field.customer, t('customer'))]}>
          <Input showCount maxLength={50} />
        </Form.Item>
        <Form.Item name="phase" label={t('phase')}>
          <Select
            options={PROJECT_PHASES.map((phase) => ({ value: phase, label: tr(phaseTextKey(phase)) }))}
          />
        </Form.Item>
        <Form.Item name="hosting" label={t('hosting')}>
          <Select
            allowClear
            options={PROJECT_HOSTING.map((hosting) => ({
              value: hosting,
              label: tr(hostingTextKey(hosting)),
            }))}
          />
        </Form.Item>
        <Form.Item name="implementedOn" label={t('implementedOn')}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="deliveredOn"
          label={t('deliveredOn')}
          dependencies={['implementedOn']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_, value: Dayjs | null) => {
                const start = getFieldValue('implementedOn') as Dayjs | null;
                if (value && start && value.isBefore(start, 'day'))
                  throw new Error(tr('project.deliveryBeforeImplementation'));
              },
            }),
          ]}
        >
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="leader" label={t('leader')} rules={[zodRule(field.leader, t('leader'))]}>
          <Input showCount maxLength={50} />
        </Form.Item>
        <Form.Item
          name="leaderPhone"
          label={t('leaderPhone')}
          rules={[zodRule(field.leaderPhone, t('leaderPhone'))]}
        >
          <Input showCount maxLength={30} />
        </Form.Item>
        <Form.Item name="opsLeader" label={t('opsLeader')} rules={[zodRule(field.opsLeader, t('opsLeader'))]}>
          <Input showCount maxLength={50} />
        </Form.Item>
        <Form.Item
          name="opsLeaderPhone"
          label={t('opsLeaderPhone')}
          rules={[zodRule(field.opsLeaderPhone, t('opsLeaderPhone'))]}
        >
          <Input showCount maxLength={30} />
        </Form.Item>
      </div>
      <Form.Item name="location" label={t('location')} rules={[locationRule]}>
        <LocationPicker withOutline height={240} />
      </Form.Item>
      <Form.Item name="remarks" label={t('remarks')} rules={[{ max: 200 }]} extra={t('membersHint')}>
        <Input.TextArea maxLength={200} showCount rows={2} />
      </Form.Item>
    </FormDialog>
  );
}
