import { Form, Input, InputNumber } from 'antd';
import { cycleFieldsShape, type CycleRow } from '@cityops/contract';
import { crudTexts, FormDialog, zodRule } from '@cityops/crud';
import { useInsertCycle, useUpdateCycle } from '../planQueries';
import { projectTexts } from '../texts';
import { periodBody, periodValues, PlanPeriodFields, type PeriodValues } from './PlanPeriodFields';

interface FormValues extends PeriodValues {
  name: string;
  sortNum: number;
  remarks: string;
}

const field = cycleFieldsShape;

/** Add or edit a cycle (phase) of the project's plan; a cycle must still span its segments' dates. */
export function CycleFormDialog({
  projectId,
  cycle,
  nextSortNum,
  onClose,
}: {
  projectId: number;
  /** The cycle being edited; null adds one. */
  cycle: CycleRow | null;
  nextSortNum: number;
  onClose(): void;
}) {
  const t = projectTexts.useTexts();
  const crud = crudTexts.useTexts();
  const insert = useInsertCycle();
  const update = useUpdateCycle();

  const submit = (values: FormValues) => {
    const fields = {
      name: values.name,
      ...periodBody(values),
      sortNum: values.sortNum ?? 0,
      remarks: values.remarks ?? '',
    };
    return cycle
      ? update.mutateAsync({ cycleId: cycle.cycleId, ...fields })
      : insert.mutateAsync({ projectId, ...fields });
  };

  return (
    <FormDialog<FormValues>
      open
      title={cycle ? t('editCycle') : t('addCycle')}
      initialValues={cycle ? { ...cycle, ...periodValues(cycle) } : { sortNum: nextSortNum }}
      successText={cycle ? crud('saved') : crud('created')}
      submit={submit}
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label={t('cycleName')}
        rules={[
          { required: true, whitespace: true, message: t('required', { field: t('cycleName') }) },
          zodRule(field.name, t('cycleName')),
        ]}
      >
        <Input showCount maxLength={100} />
      </Form.Item>
      <PlanPeriodFields around={cycle?.segments} />
      <Form.Item name="sortNum" label={t('sortNum')} rules={[zodRule(field.sortNum, t('sortNum'))]}>
        <InputNumber min={0} max={999} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="remarks" label={t('remarks')} rules={[zodRule(field.remarks, t('remarks'))]}>
        <Input.TextArea maxLength={200} showCount rows={2} />
      </Form.Item>
    </FormDialog>
  );
}
