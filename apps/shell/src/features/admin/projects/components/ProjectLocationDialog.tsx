import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProjectRow } from '@cityops/contract';
import { FormDialog } from '@cityops/crud';
import { LocationPicker, locationRule, type LocationValue } from '@cityops/map';
import { useSaveLocation } from '../queries';
import { projectTexts } from '../texts';
import { locationBody, projectLocation } from './projectLocation';

/** The row action 设置位置: the project's point and outline in the §2 picker, saved alone. */
export function ProjectLocationDialog({ project, onClose }: { project: ProjectRow; onClose(): void }) {
  const t = projectTexts.useTexts();
  const { t: tr } = useTranslation('contract');
  const save = useSaveLocation();
  return (
    <FormDialog<{ location: LocationValue }>
      open
      title={t('locationTitle', { name: project.projectName })}
      initialValues={{ location: projectLocation(project) }}
      successText={tr('project.locationSaved')}
      submit={(values) =>
        save.mutateAsync({ projectId: project.projectId, ...locationBody(values.location) })
      }
      onClose={onClose}
      width={860}
    >
      <Form.Item name="location" rules={[locationRule]}>
        <LocationPicker withOutline height={380} />
      </Form.Item>
    </FormDialog>
  );
}
