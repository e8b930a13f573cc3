import { Form, Input, InputNumber, Select } from 'antd';
import {
  POINT_CODE_MAX,
  POINT_KINDS,
  POINT_NAME_MAX,
  pointFieldsShape,
  type PointRow,
} from '@cityops/contract';
import { crudTexts, FormDialog, zodRule, type FieldRefusals } from '@cityops/crud';
import { coordinatesOf, locationText, type LocationValue } from '@cityops/map';
import { LocationField, ProjectAreaSiteFields } from '../assets/PlaceFields';
import { useCreatePoint, useUpdatePoint } from './queries';
import { pointTexts } from './texts';

export interface PointFormValues {
  code: string;
  name: string;
  kind: PointRow['kind'];
  projectId: number;
  areaId: number | null;
  siteId: number | null;
  segment: string;
  location: LocationValue;
  address: string;
  height: number | null;
  remarks: string;
}

const field = pointFieldsShape;

function initialValues(point: PointRow | null, projectId: number | undefined): Partial<PointFormValues> {
  if (!point)
    return {
      kind: 'pole',
      projectId,
      areaId: null,
      siteId: null,
      height: null,
      location: locationText(null, null),
    };
  return { ...point, location: locationText(point.longitude, point.latitude) };
}

/** The server refusals shown under their field rather than only in the message bar. */
const FIELD_REFUSALS = {
  'point.codeTaken': 'code',
  'point.areaNotInProject': 'areaId',
  'point.siteNotInProject': 'siteId',
  'point.height': 'height',
} as const satisfies FieldRefusals;

/** The form's values as the contract's point fields. */
export function pointFields(values: PointFormValues) {
  const { longitude, latitude } = coordinatesOf(values.location);
  return {
    code: values.code,
    name: values.name,
    kind: values.kind,
    projectId: values.projectId,
    areaId: values.areaId ?? null,
    siteId: values.siteId ?? null,
    segment: values.segment ?? '',
    longitude,
    latitude,
    address: values.address ?? '',
    height: values.height ?? null,
    remarks: values.remarks ?? '',
  };
}

/**
 * Add or edit an installation point (点位管理): code (32, unique ignoring case), name
 * (32), kind, project, area and site of the project, road segment, place on the map and address,
 * height 0–100 m and remarks (200). A refusal of the server (a taken code) shows on its field.
 */
export function PointFormDialog({
  point,
  projectId,
  onClose,
}: {
  point: PointRow | null;
  /** For a new point: the project the list shows, if any. */
  projectId?: number;
  onClose(): void;
}) {
  const t = pointTexts.useTexts();
  const crud = crudTexts.useTexts();
  const create = useCreatePoint();
  const update = useUpdatePoint();
  const required = (label: string) => ({
    required: true,
    whitespace: true,
    message: t('required', { field: label }),
  });
  const choose = (label: string) => ({ required: true, message: t('choose', { field: label }) });
  const submit = (values: PointFormValues) => {
    const fields = pointFields(values);
    return point ? update.mutateAsync({ ...fields, pointId: point.pointId }) : create.mutateAsync(fields);
  };

  return (
    <FormDialog<PointFormValues>
      open
      title={point ? t('editPoint') : t('addPoint')}
      initialValues={initialValues(point, projectId)}
      successText={point ? crud('saved') : crud('created')}
      submit={submit}
      fieldRefusals={FIELD_REFUSALS}
      onClose={onClose}
      width={900}
    >
      {(form) => {
        return (
          <>
            <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 }}>
              <Form.Item
                name="code"
                label={t('code')}
                rules={[required(t('code')), zodRule(field.code, t('code'))]}
              >
                <Input showCount maxLength={POINT_CODE_MAX} />
              </Form.Item>
              <Form.Item
                name="name"
                label={t('name')}
                rules={[required(t('name')), zodRule(field.name, t('name'))]}
              >
                <Input showCount maxLength={POINT_NAME_MAX} />
              </Form.Item>
              <Form.Item name="kind" label={t('kind')} rules={[choose(t('kind'))]}>
                <Select options={POINT_KINDS.map((kind) => ({ value: kind, label: t(`kind_${kind}`) }))} />
              </Form.Item>
              <ProjectAreaSiteFields
                form={form}
                labels={{ project: t('project'), area: t('area'), site: t('site') }}
                chooseProject={t('choose', { field: t('project') })}
              />
              <Form.Item name="segment" label={t('segment')} rules={[zodRule(field.segment, t('segment'))]}>
                <Input showCount maxLength={50} />
              </Form.Item>
              <Form.Item name="height" label={t('height')} rules={[zodRule(field.height, t('heightRule'))]}>
                <InputNumber step={0.5} style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item name="address" label={t('address')} rules={[zodRule(field.address, t('address'))]}>
                <Input showCount maxLength={100} />
              </Form.Item>
            </div>
            <LocationField form={form} label={t('location')} />
            <Form.Item name="remarks" label={t('remarks')} rules={[zodRule(field.remarks, t('remarks'))]}>
              <Input.TextArea maxLength={200} showCount rows={2} />
            </Form.Item>
          </>
        );
      }}
    </FormDialog>
  );
}
