import { Form, Input } from 'antd';
import { SITE_ADDRESS_MAX, siteFieldsShape, type SiteRow } from '@cityops/contract';
import {
  AreaNodeSelect,
  crudTexts,
  FormDialog,
  ProjectSelect,
  useProjectAreas,
  zodRule,
} from '@cityops/crud';
import {
  coordinatesOf,
  LocationPicker,
  locationText,
  projectCentre,
  requiredLocationRule,
  useAddressFill,
  type LocationValue,
} from '@cityops/map';
import { useCreateSite, useUpdateSite } from '../queries';
import { siteTexts } from '../texts';

interface FormValues {
  name: string;
  projectId: number;
  areaId: number | null;
  location: LocationValue;
  address: string;
  contact: string;
  contactPhone: string;
  remarks: string;
}

const field = siteFieldsShape;

function initialValues(site: SiteRow | null, projectId: number | undefined): Partial<FormValues> {
  if (!site) return { projectId, areaId: null, location: locationText(null, null) };
  return { ...site, location: locationText(site.longitude, site.latitude) };
}

/** The picker's map with the chosen project's outline and areas, looking at the project's place. */
function SitePicker(props: {
  projectId: number | undefined;
  value?: LocationValue;
  onChange?(value: LocationValue): void;
  onAddress?(address: string): void;
}) {
  const { projectId, ...control } = props;
  const { project, mapAreas } = useProjectAreas(projectId);
  return <LocationPicker {...control} areas={mapAreas} center={projectCentre(project)} height={280} />;
}

/**
 * Add or edit a site: its project, optionally an area node of it, and its place set with
 * the §2 picker among the project's area outlines. A refusal (outside its area, a taken name) is shown
 * by the HTTP client and the dialog keeps what was entered.
 */
export function SiteFormDialog({
  site,
  projectId,
  onClose,
}: {
  site: SiteRow | null;
  /** For a new site: the project the list shows, if any. */
  projectId?: number;
  onClose(): void;
}) {
  const t = siteTexts.useTexts();
  const crud = crudTexts.useTexts();
  const create = useCreateSite();
  const update = useUpdateSite();
  /** The map provider's address for a newly placed point (AMap's, when configured), never over a typed one. */
  const fillAddress = useAddressFill(SITE_ADDRESS_MAX);
  const required = (label: string) => ({
    required: true,
    whitespace: true,
    message: t('required', { field: label }),
  });

  const submit = (values: FormValues) => {
    const { longitude, latitude } = coordinatesOf(values.location);
    const fields = {
      name: values.name,
      projectId: values.projectId,
      areaId: values.areaId ?? null,
      longitude,
      latitude,
      address: values.address ?? '',
      contact: values.contact ?? '',
      contactPhone: values.contactPhone ?? '',
      remarks: values.remarks ?? '',
    };
    return site ? update.mutateAsync({ ...fields, siteId: site.siteId }) : create.mutateAsync(fields);
  };

  return (
    <FormDialog<FormValues>
      open
      title={site ? t('edit') : t('add')}
      initialValues={initialValues(site, projectId)}
      successText={site ? crud('saved') : crud('created')}
      submit={submit}
      onClose={onClose}
      width={860}
    >
      {(form) => (
        <>
          <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 }}>
            <Form.Item
              name="name"
              label={t('name')}
              rules={[required(t('name')), zodRule(field.name, t('name'))]}
            >
              <Input showCount maxLength={50} />
            </Form.Item>
            <Form.Item
              name="projectId"
              label={t('project')}
              rules={[{ required: true, message: t('chooseProject') }]}
            >
              <ProjectSelect onChange={() => form.setFieldValue('areaId', null)} />
            </Form.Item>
            <Form.Item noStyle dependencies={['projectId']}>
              {() => (
                <Form.Item name="areaId" label={t('area')} extra={t('areaHint')}>
                  <AreaNodeSelect projectId={form.getFieldValue('projectId') as number | undefined} />
                </Form.Item>
              )}
            </Form.Item>
            <Form.Item name="address" label={t('address')} rules={[zodRule(field.address, t('address'))]}>
              <Input showCount maxLength={SITE_ADDRESS_MAX} />
            </Form.Item>
            <Form.Item name="contact" label={t('contact')} rules={[zodRule(field.contact, t('contact'))]}>
              <Input showCount maxLength={50} />
            </Form.Item>
            <Form.Item
              name="contactPhone"
              label={t('contactPhone')}
              rules={[zodRule(field.contactPhone, t('contactPhone'))]}
            >
              <Input showCount maxLength={30} />
            </Form.Item>
          </div>
          <Form.Item noStyle dependencies={['projectId']}>
            {() => (
              <Form.Item name="location" label={t('location')} rules={[requiredLocationRule]} required>
                <SitePicker
                  key={String(form.getFieldValue('projectId'))}
                  projectId={form.getFieldValue('projectId') as number | undefined}
                  onAddress={fillAddress(form)}
                />
              </Form.Item>
            )}
          </Form.Item>
          <Form.Item name="remarks" label={t('remarks')} rules={[zodRule(field.remarks, t('remarks'))]}>
            <Input.TextArea maxLength={200} showCount rows={2} />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}
