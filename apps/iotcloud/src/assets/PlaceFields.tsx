import { Form, type FormInstance } from 'antd';
import { DEVICE_ADDRESS_MAX } from '@cityops/contract';
import { locationRule, useAddressFill } from '@cityops/map';
import { ProjectLocationPicker } from './ProjectLocationPicker';
import { AreaSelect, ProjectSelect, SiteSelect } from './shared';

/** A form that places a record: a project, an area and a site of it, a location and an address. */
type PlacedForm = FormInstance<{
  projectId: number;
  areaId: number | null;
  siteId: number | null;
  address: string;
}>;

/**
 * The project (required), then an area node and a site of that project (a new project clears both,
 * and `onProjectChange` clears what else depends on it), as the device and point forms place a record.
 */
export function ProjectAreaSiteFields({
  form,
  labels,
  chooseProject,
  onProjectChange,
}: {
  form: FormInstance;
  labels: { project: string; area: string; site: string };
  chooseProject: string;
  onProjectChange?(): void;
}) {
  const placed = form as unknown as PlacedForm;
  return (
    <>
      <Form.Item name="projectId" label={labels.project} rules={[{ required: true, message: chooseProject }]}>
        <ProjectSelect
          onChange={() => {
            placed.setFieldValue('areaId', null);
            placed.setFieldValue('siteId', null);
            onProjectChange?.();
          }}
        />
      </Form.Item>
      <Form.Item noStyle dependencies={['projectId']}>
        {() => (
          <Form.Item name="areaId" label={labels.area}>
            <AreaSelect
              projectId={placed.getFieldValue('projectId') as number | undefined}
              onChange={() => placed.setFieldValue('siteId', null)}
            />
          </Form.Item>
        )}
      </Form.Item>
      <Form.Item noStyle dependencies={['projectId', 'areaId']}>
        {() => (
          <Form.Item name="siteId" label={labels.site}>
            <SiteSelect
              projectId={placed.getFieldValue('projectId') as number | undefined}
              areaId={placed.getFieldValue('areaId') as number | null}
            />
          </Form.Item>
        )}
      </Form.Item>
    </>
  );
}

/**
 * The location on the project's map; the place's address fills 地址 while the user has typed none of
 * their own (or only what the map gave before).
 */
export function LocationField({ form, label }: { form: FormInstance; label: string }) {
  const placed = form as unknown as PlacedForm;
  const fillAddress = useAddressFill(DEVICE_ADDRESS_MAX)(form);
  return (
    <Form.Item noStyle dependencies={['projectId']}>
      {() => (
        <Form.Item name="location" label={label} rules={[locationRule]}>
          <ProjectLocationPicker
            key={String(placed.getFieldValue('projectId'))}
            projectId={placed.getFieldValue('projectId') as number | undefined}
            onAddress={fillAddress}
          />
        </Form.Item>
      )}
    </Form.Item>
  );
}
