import { Alert, Checkbox, Descriptions, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { EDITION_NOTES_MAX, platformLabelKey, updateEditionSchema, type EditionRow } from '@cityops/contract';
import { crudTexts, FormDialog, zodRule } from '@cityops/crud';
import { useUpdateEdition } from '../queries';
import { editionTexts } from '../texts';

interface Values {
  notes?: string;
  forceUpdate?: boolean;
}

/** 编辑版本: the release notes and the force flag; the version and its package stay as published. */
export function EditionFormDialog({ edition, onClose }: { edition: EditionRow; onClose(): void }) {
  const t = editionTexts.useTexts();
  const crud = crudTexts.useTexts();
  const { t: contract } = useTranslation('contract');
  const update = useUpdateEdition();

  return (
    <FormDialog<Values>
      open
      title={t('edit')}
      initialValues={{ notes: edition.notes, forceUpdate: edition.forceUpdate }}
      successText={crud('saved')}
      submit={(values) =>
        update.mutateAsync({
          editionId: edition.editionId,
          notes: values.notes ?? '',
          forceUpdate: values.forceUpdate ?? false,
        })
      }
      onClose={onClose}
    >
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'platform', label: t('platform'), children: contract(platformLabelKey(edition.platform)) },
          { key: 'version', label: t('version'), children: edition.version },
          { key: 'fileName', label: t('fileName'), children: edition.fileName },
        ]}
      />
      <Alert type="info" showIcon message={t('fixedAfterPublish')} style={{ margin: '12px 0' }} />
      <Form.Item
        name="notes"
        label={t('notes')}
        rules={[zodRule(updateEditionSchema.shape.notes, t('notes'))]}
      >
        <Input.TextArea rows={4} maxLength={EDITION_NOTES_MAX} showCount />
      </Form.Item>
      <Form.Item name="forceUpdate" valuePropName="checked">
        <Checkbox>{t('forceUpdate')}</Checkbox>
      </Form.Item>
    </FormDialog>
  );
}
