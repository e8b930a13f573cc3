import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  SEGMENT_STATES,
  segmentFieldsShape,
  segmentStateTextKey,
  type CycleRow,
  type ProjectUser,
  type SegmentRow,
  type SegmentState,
} from '@cityops/contract';
import { crudTexts, FormDialog, zodRule } from '@cityops/crud';
import { useInsertSegment, useUpdateSegment } from '../planQueries';
import { projectTexts } from '../texts';
import { memberOption } from './members';
import { periodBody, periodValues, PlanPeriodFields, type PeriodValues } from './PlanPeriodFields';

interface FormValues extends PeriodValues {
  name: string;
  state: SegmentState;
  ownerId: number | null;
  remarks: string;
}

const field = segmentFieldsShape;

/**
 * Add or edit a segment of a cycle: its days inside the cycle's, its state, and its owner chosen from
 * the project's members.
 */
export function SegmentFormDialog({
  cycle,
  segment,
  members,
  onClose,
}: {
  cycle: CycleRow;
  /** The segment being edited; null adds one to `cycle`. */
  segment: SegmentRow | null;
  members: ProjectUser[];
  onClose(): void;
}) {
  const t = projectTexts.useTexts();
  const crud = crudTexts.useTexts();
  const { t: tr } = useTranslation('contract');
  const insert = useInsertSegment();
  const update = useUpdateSegment();

  // An owner who has left the project is still shown by name until someone else is chosen.
  const owners =
    segment?.ownerId && segment.ownerName && !members.some((member) => member.userId === segment.ownerId)
      ? [...members, { userId: segment.ownerId, name: segment.ownerName, userName: '' }]
      : members;

  const submit = (values: FormValues) => {
    const fields = {
      name: values.name,
      ...periodBody(values),
      state: values.state,
      ownerId: values.ownerId ?? null,
      remarks: values.remarks ?? '',
    };
    return segment
      ? update.mutateAsync({ segmentId: segment.segmentId, ...fields })
      : insert.mutateAsync({ cycleId: cycle.cycleId, ...fields });
  };

  return (
    <FormDialog<FormValues>
      open
      title={`${segment ? t('editSegment') : t('addSegment')} · ${cycle.name}`}
      initialValues={
        segment ? { ...segment, ...periodValues(segment) } : { state: 'notStarted', ownerId: null }
      }
      successText={segment ? crud('saved') : crud('created')}
      submit={submit}
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label={t('segmentName')}
        rules={[
          { required: true, whitespace: true, message: t('required', { field: t('segmentName') }) },
          zodRule(field.name, t('segmentName')),
        ]}
      >
        <Input showCount maxLength={100} />
      </Form.Item>
      <PlanPeriodFields within={cycle} />
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 }}>
        <Form.Item name="state" label={t('segmentState')}>
          <Select
            options={SEGMENT_STATES.map((state) => ({ value: state, label: tr(segmentStateTextKey(state)) }))}
          />
        </Form.Item>
        <Form.Item name="ownerId" label={t('owner')}>
          <Select allowClear showSearch optionFilterProp="label" options={owners.map(memberOption)} />
        </Form.Item>
      </div>
      <Form.Item name="remarks" label={t('remarks')} rules={[zodRule(field.remarks, t('remarks'))]}>
        <Input.TextArea maxLength={200} showCount rows={2} />
      </Form.Item>
    </FormDialog>
  );
}
