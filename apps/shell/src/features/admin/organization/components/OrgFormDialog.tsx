import { Col, Form, Input, InputNumber, Row, TreeSelect } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ORG_COUNT_MAX, orgFieldsShape, type CreateOrg, type OrgNode, type TextKey } from '@cityops/contract';
import { DictionarySelect, FormDialog } from '@cityops/crud';
import { coordinatesOf, LocationPicker, locationRule, locationText, type LocationValue } from '@cityops/map';
import { ORG_TYPE_DICTIONARY } from '@cityops/contract';
import { useCreateOrg, useUpdateOrg } from '../queries';
import { organizationTexts } from '../texts';

/** What the dialog edits: an organization to change, or a new one (under `parentId`). */
export type OrgDialogTarget = { kind: 'edit'; org: OrgNode } | { kind: 'add'; parentId: number | null };

interface Values {
  name: string;
  parentId?: number | null;
  orgType?: string;
  location?: LocationValue;
  projectStart?: string;
  projectEnd?: string;
  responsible?: string;
  phone?: string;
  peopleCount?: number | null;
  departmentCount?: number | null;
  remarks?: string;
  sortNum?: number | null;
}

type TreeOption = { value: number; title: string; disabled: boolean; children: TreeOption[] };

/** The tree as parent choices; the organization itself and everything under it cannot be its parent. */
function parentOptions(nodes: readonly OrgNode[], excluded: number | null, inside = false): TreeOption[] {
  return nodes.map((node) => {
    const disabled = inside || node.orgId === excluded;
    return {
      value: node.orgId,
      title: node.name,
      disabled,
      children: parentOptions(node.children, excluded, disabled),
    };
  });
}

function initialValues(target: OrgDialogTarget): Values {
  if (target.kind === 'add') return { name: '', parentId: target.parentId, sortNum: 0 };
  const { org } = target;
  return {
    name: org.name,
    parentId: org.parentId,
    orgType: org.orgType || undefined,
    location: locationText(org.longitude, org.latitude),
    projectStart: org.projectStart ?? '',
    projectEnd: org.projectEnd ?? '',
    responsible: org.responsible,
    phone: org.phone,
    peopleCount: org.peopleCount,
    departmentCount: org.departmentCount,
    remarks: org.remarks,
    sortNum: org.sortNum,
  };
}

const toBody = (values: Values): CreateOrg => ({
  name: values.name,
  parentId: values.parentId ?? null,
  orgType: values.orgType ?? '',
  ...coordinatesOf(values.location),
  projectStart: values.projectStart || null,
  projectEnd: values.projectEnd || null,
  responsible: values.responsible ?? '',
  phone: values.phone ?? '',
  peopleCount: values.peopleCount ?? null,
  departmentCount: values.departmentCount ?? null,
  remarks: values.remarks ?? '',
  sortNum: values.sortNum ?? 0,
});

export function OrgFormDialog({
  target,
  tree,
  onClose,
}: {
  target: OrgDialogTarget | null;
  tree: readonly OrgNode[];
  onClose(): void;
}) {
  const t = organizationTexts.useTexts();
  const { t: tr } = useTranslation('contract');
  const create = useCreateOrg();
  const update = useUpdateOrg();
  const contractText = (key: TextKey): string => tr(key);

  /** A field checked by the contract's own rule, so the form and the server say the same words. */
  const byContract =
    (schema: z.ZodType): Rule =>
    () => ({
      validator: async (_, value: unknown) => {
        const parsed = schema.safeParse(value ?? '');
        if (parsed.success) return;
        const message = parsed.error.issues[0]?.message ?? '';
        throw new Error(message.includes('.') ? contractText(message as TextKey) : message);
      },
    });

  const endAfterStart: Rule = ({ getFieldValue }) => ({
    validator: async (_, value: string | undefined) => {
      const start = getFieldValue('projectStart') as string | undefined;
      if (value && start && value <= start) throw new Error(contractText('field.endAfterStart'));
    },
  });

  if (!target) return null;
  const editing = target.kind === 'edit' ? target.org : null;
  const title = editing ? t('edit') : t('add');

  return (
    <FormDialog<Values>
      open
      title={title}
      width={720}
      initialValues={initialValues(target)}
      successText={editing ? tr('admin.saved') : tr('admin.created')}
      submit={(values) =>
        editing
          ? update.mutateAsync({ ...toBody(values), orgId: editing.orgId })
          : create.mutateAsync(toBody(values))
      }
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="name"
            label={t('name')}
            rules={[{ required: true, whitespace: true, message: t('nameRequired') }, { max: 100 }]}
          >
            <Input showCount maxLength={100} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="parentId" label={t('parent')}>
            <TreeSelect
              allowClear
              placeholder={t('parentNone')}
              treeData={parentOptions(tree, editing?.orgId ?? null)}
              treeDefaultExpandAll
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="orgType" label={t('type')}>
            <DictionarySelect dicCode={ORG_TYPE_DICTIONARY} allowClear />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="sortNum" label={t('sortNum')} rules={[byContract(orgFieldsShape.sortNum)]}>
            <InputNumber min={0} max={999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="location" label={t('location')} rules={[locationRule]}>
            <LocationPicker height={220} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="projectStart" label={t('projectStart')}>
            <Input type="date" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="projectEnd"
            label={t('projectEnd')}
            dependencies={['projectStart']}
            rules={[endAfterStart]}
          >
            <Input type="date" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="responsible"
            label={t('responsible')}
            rules={[byContract(orgFieldsShape.responsible)]}
          >
            <Input showCount maxLength={50} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="phone" label={t('phone')} rules={[byContract(orgFieldsShape.phone)]}>
            <Input showCount maxLength={30} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="peopleCount" label={t('peopleCount')}>
            <InputNumber min={0} max={ORG_COUNT_MAX} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="departmentCount" label={t('departmentCount')}>
            <InputNumber min={0} max={ORG_COUNT_MAX} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="remarks" label={t('remarks')} rules={[{ max: 200 }]}>
            <Input.TextArea maxLength={200} showCount rows={3} />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
