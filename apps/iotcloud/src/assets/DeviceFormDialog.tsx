import { Form, Input, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { CONTROL_CODE_MAX, deviceFieldsShape, hasControlCode, type DeviceRow } from '@cityops/contract';
import { crudTexts, FormDialog, zodRule, type FieldRefusals } from '@cityops/crud';
import { coordinatesOf, locationText, type LocationValue } from '@cityops/map';
import { PointSelect } from '../points/PointSelect';
import { pointTexts } from '../points/texts';
import { LocationField, ProjectAreaSiteFields } from './PlaceFields';
import { useCreateDevice, useUpdateDevice } from './queries';
import { contractText, ProductSelect, useAllProducts, useLocale } from './shared';
import { assetTexts } from './texts';

interface FormValues {
  deviceKey: string;
  controlCode: string | null;
  name: string;
  productId: number;
  projectId: number;
  areaId: number | null;
  siteId: number | null;
  pointId: number | null;
  segment: string;
  location: LocationValue;
  address: string;
  enabled: boolean;
  remarks: string;
}

const field = deviceFieldsShape;

function initialValues(device: DeviceRow | null, projectId: number | undefined): Partial<FormValues> {
  if (!device)
    return {
      projectId,
      areaId: null,
      siteId: null,
      pointId: null,
      enabled: true,
      location: locationText(null, null),
    };
  return { ...device, location: locationText(device.longitude, device.latitude) };
}

/**
 * The control code's rules for a device of `typeCode` (§9): required (up to 128) for every type but
 * 0101, 0001 and 1101, which have none; no type yet (no product chosen) asks for nothing.
 */
export function controlCodeRules(typeCode: string | undefined, message: string): Rule[] {
  if (typeCode === undefined || !hasControlCode(typeCode)) return [];
  return [{ required: true, whitespace: true, message }, zodRule(field.controlCode, message)];
}

/** The server refusals shown under their field rather than only in the message bar. */
const FIELD_REFUSALS = {
  'device.keyTaken': 'deviceKey',
  'device.keyFormat': 'deviceKey',
  'device.controlCodeTaken': 'controlCode',
  'device.controlCodeRequired': 'controlCode',
  'device.controlCodeNotAllowed': 'controlCode',
  'device.areaNotInProject': 'areaId',
  'device.siteNotInProject': 'siteId',
  'point.notInProject': 'pointId',
} as const satisfies FieldRefusals;

/**
 * Add or edit a device (设备列表): its key, name (32), product, project, area and site of
 * the project, road segment, place on the map and address; the control code (128) only for the types
 * that have one (§9), required for them, disabled and sent as none for the others. A refusal of the
 * server (a taken key or control code) shows on its field.
 */
export function DeviceFormDialog({
  device,
  projectId,
  onClose,
}: {
  device: DeviceRow | null;
  /** For a new device: the project the list shows, if any. */
  projectId?: number;
  onClose(): void;
}) {
  const t = assetTexts.useTexts();
  const points = pointTexts.useTexts();
  const crud = crudTexts.useTexts();
  const locale = useLocale();
  const create = useCreateDevice();
  const update = useUpdateDevice();
  const products = useAllProducts();
  const typeOf = (productId: number | undefined) =>
    products.data?.find((product) => product.productId === productId)?.typeCode;
  const required = (label: string) => ({
    required: true,
    whitespace: true,
    message: t('required', { field: label }),
  });
  const choose = (label: string) => ({ required: true, message: t('choose', { field: label }) });
  const submit = (values: FormValues) => {
    const { longitude, latitude } = coordinatesOf(values.location);
    const typeCode = typeOf(values.productId);
    const fields = {
      deviceKey: values.deviceKey,
      controlCode: typeCode !== undefined && hasControlCode(typeCode) ? (values.controlCode ?? null) : null,
      name: values.name,
      productId: values.productId,
      projectId: values.projectId,
      areaId: values.areaId ?? null,
      siteId: values.siteId ?? null,
      pointId: values.pointId ?? null,
      segment: values.segment ?? '',
      longitude,
      latitude,
      address: values.address ?? '',
      enabled: values.enabled ?? true,
      remarks: values.remarks ?? '',
    };
    return device ? update.mutateAsync({ ...fields, deviceId: device.deviceId }) : create.mutateAsync(fields);
  };

  return (
    <FormDialog<FormValues>
      open
      title={device ? t('editDevice') : t('addDevice')}
      initialValues={initialValues(device, projectId)}
      successText={device ? crud('saved') : crud('created')}
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
                name="name"
                label={t('deviceName')}
                rules={[required(t('deviceName')), zodRule(field.name, t('deviceName'))]}
              >
                <Input showCount maxLength={32} />
              </Form.Item>
              <Form.Item
                name="deviceKey"
                label={t('deviceKey')}
                rules={[required(t('deviceKey')), zodRule(field.deviceKey, t('deviceKey'))]}
              >
                <Input showCount maxLength={64} />
              </Form.Item>
              <Form.Item name="productId" label={t('product')} rules={[choose(t('product'))]}>
                <ProductSelect
                  onChange={(productId: number) => {
                    const typeCode = typeOf(productId);
                    if (typeCode !== undefined && !hasControlCode(typeCode))
                      form.setFieldValue('controlCode', null);
                  }}
                />
              </Form.Item>
              <Form.Item noStyle dependencies={['productId']}>
                {() => {
                  const typeCode = typeOf(form.getFieldValue('productId') as number | undefined);
                  const without = typeCode !== undefined && !hasControlCode(typeCode);
                  return (
                    <Form.Item
                      name="controlCode"
                      label={t('controlCode')}
                      extra={without ? t('controlCodeNone') : undefined}
                      rules={controlCodeRules(typeCode, contractText('device.controlCodeRequired', locale))}
                    >
                      <Input showCount maxLength={CONTROL_CODE_MAX} disabled={without} />
                    </Form.Item>
                  );
                }}
              </Form.Item>
              <ProjectAreaSiteFields
                form={form}
                labels={{ project: t('project'), area: t('area'), site: t('site') }}
                chooseProject={t('choose', { field: t('project') })}
                onProjectChange={() => form.setFieldValue('pointId', null)}
              />
              <Form.Item noStyle dependencies={['projectId']}>
                {() => (
                  <Form.Item name="pointId" label={points('pointOf')}>
                    <PointSelect projectId={form.getFieldValue('projectId') as number | undefined} />
                  </Form.Item>
                )}
              </Form.Item>
              <Form.Item name="segment" label={t('segment')} rules={[zodRule(field.segment, t('segment'))]}>
                <Input showCount maxLength={50} />
              </Form.Item>
              <Form.Item name="address" label={t('address')} rules={[zodRule(field.address, t('address'))]}>
                <Input showCount maxLength={100} />
              </Form.Item>
              <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
                <Switch checkedChildren={t('enabledYes')} unCheckedChildren={t('enabledNo')} />
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
