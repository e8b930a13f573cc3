import { Form, Input, InputNumber, Radio, TreeSelect } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import {
  AREA_TYPES,
  areaFieldsShape,
  areaTypeTextKey,
  type AreaNode,
  type AreaType,
  type LngLat,
  type MapArea,
} from '@cityops/contract';
import { areaChoices, areaMapId, crudTexts, FormDialog, zodRule } from '@cityops/crud';
import { OutlineEditor, outlineProblem, mapTexts } from '@cityops/map';
import { i18n } from '@cityops/ui';
import { useCreateArea, useUpdateArea } from '../queries';
import { areaTexts } from '../texts';
import { subtreeIds } from './areaTree';

interface FormValues {
  name: string;
  type: AreaType;
  parentId: number | null;
  polygon: LngLat[];
  sortNum: number | null;
  remarks: string;
}

/** What the dialog edits: a new area of a type under a directory (null: the top), or a stored one. */
export type AreaFormTarget =
  { kind: 'new'; type: AreaType; parentId: number | null } | { kind: 'edit'; area: AreaNode };

export interface AreaFormDialogProps {
  projectId: number;
  target: AreaFormTarget;
  /** The project's areas, for the parent's choices. */
  tree: readonly AreaNode[];
  /** The project's and its areas' outlines, shown for reference while drawing. */
  mapAreas: readonly MapArea[];
  /** Where the map looks while the area has no outline (the parent's or the project's place). */
  center?: LngLat;
  onClose(): void;
}

/** §5 and the contract: a closed outline or none; an area node needs one. */
const outlineRule: Rule = ({ getFieldValue }) => ({
  validator: async (_, polygon: LngLat[] | undefined) => {
    const problem = outlineProblem(polygon);
    if (problem) throw new Error(mapTexts.t(problem));
    if (getFieldValue('type') === 'areanode' && (polygon?.length ?? 0) === 0)
      throw new Error(i18n.t('contract:area.nodeNeedsPolygon'));
  },
});

function initialValues(target: AreaFormTarget): FormValues {
  if (target.kind === 'new')
    return { name: '', type: target.type, parentId: target.parentId, polygon: [], sortNum: 0, remarks: '' };
  const { area } = target;
  return {
    name: area.name,
    type: area.type,
    parentId: area.parentId,
    polygon: [...area.polygon],
    sortNum: area.sortNum,
    remarks: area.remarks,
  };
}

/**
 * Add or edit an area: name, type, parent directory, order, remarks, and its outline drawn on the map
 * among the project's other outlines. A refusal (an overlap, an outline outside its directory) is shown
 * by the HTTP client and the dialog keeps everything drawn.
 */
export function AreaFormDialog({ projectId, target, tree, mapAreas, center, onClose }: AreaFormDialogProps) {
  const t = areaTexts.useTexts();
  const crud = crudTexts.useTexts();
  const { t: tr } = useTranslation('contract');
  const create = useCreateArea();
  const update = useUpdateArea();
  const editing = target.kind === 'edit' ? target.area : null;
  // An area moves under a directory other than itself and its own descendants.
  const own = new Set(editing ? subtreeIds(editing) : []);
  const parents = areaChoices(
    tree,
    (area) => area.type === 'areadir',
    (area) => !own.has(area.areaId),
  );
  const others = editing ? mapAreas.filter((area) => area.id !== areaMapId(editing.areaId)) : mapAreas;
  const title = editing
    ? t('editTitle', { name: editing.name })
    : t(target.kind === 'new' && target.type === 'areadir' ? 'addDirTitle' : 'addNodeTitle');

  const submit = (values: FormValues) => {
    const fields = {
      name: values.name,
      type: values.type,
      parentId: values.parentId ?? null,
      polygon: values.polygon ?? [],
      sortNum: values.sortNum ?? 0,
      remarks: values.remarks ?? '',
    };
    return editing
      ? update.mutateAsync({ ...fields, areaId: editing.areaId })
      : create.mutateAsync({ ...fields, projectId });
  };

  return (
    <FormDialog<FormValues>
      open
      title={title}
      initialValues={initialValues(target)}
      successText={editing ? crud('saved') : crud('created')}
      submit={submit}
      onClose={onClose}
      width={900}
    >
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 }}>
        <Form.Item
          name="name"
          label={t('name')}
          rules={[
            { required: true, whitespace: true, message: t('required', { field: t('name') }) },
            zodRule(areaFieldsShape.name, t('name')),
          ]}
        >
          <Input showCount maxLength={50} />
        </Form.Item>
        <Form.Item name="type" label={t('type')}>
          <Radio.Group
            optionType="button"
            options={AREA_TYPES.map((type) => ({ value: type, label: tr(areaTypeTextKey(type)) }))}
          />
        </Form.Item>
        <Form.Item name="parentId" label={t('parent')}>
          <TreeSelect
            allowClear
            treeDefaultExpandAll
            placeholder={t('topLevel')}
            treeData={parents}
            showSearch={{ treeNodeFilterProp: 'title' }}
          />
        </Form.Item>
        <Form.Item
          name="sortNum"
          label={t('sortNum')}
          rules={[zodRule(areaFieldsShape.sortNum, t('sortNum'))]}
        >
          <InputNumber min={0} max={999} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </div>
      <Form.Item
        name="polygon"
        label={t('outline')}
        extra={t('outlineHint')}
        dependencies={['type']}
        rules={[outlineRule]}
      >
        <OutlineEditor areas={others} center={center} zoom={14} height={340} />
      </Form.Item>
      <Form.Item name="remarks" label={t('remarks')} rules={[zodRule(areaFieldsShape.remarks, t('remarks'))]}>
        <Input.TextArea maxLength={200} showCount rows={2} />
      </Form.Item>
    </FormDialog>
  );
}
