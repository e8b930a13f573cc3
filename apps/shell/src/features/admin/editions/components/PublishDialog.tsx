import { useState } from 'react';
import { UploadOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Input, Progress, Select, Upload, type UploadFile } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  EDITION_NOTES_MAX,
  EDITION_PACKAGE_MAX_BYTES,
  EDITION_PLATFORMS,
  megabytes,
  platformLabelKey,
  publishEditionSchema,
  VERSION_MAX,
  type EditionPlatform,
} from '@cityops/contract';
import { FormDialog, zodRule } from '@cityops/crud';
import { showMessage } from '@cityops/ui';
import { usePublishEdition } from '../queries';
import { editionTexts, fileSizeText } from '../texts';

interface Values {
  platform: EditionPlatform;
  version: string;
  notes?: string;
  forceUpdate?: boolean;
  file: UploadFile[];
}

const field = publishEditionSchema.shape;

/** The platforms as select options, named in the user's language. */
export function usePlatformOptions() {
  const { t } = useTranslation('contract');
  return EDITION_PLATFORMS.map((platform) => ({ value: platform, label: t(platformLabelKey(platform)) }));
}

/**
 * 发布版本: platform, version, notes, force flag and the package. The size limit is checked when the
 * file is picked, before anything is sent; the upload shows its progress.
 */
export function PublishDialog({ onClose }: { onClose(): void }) {
  const t = editionTexts.useTexts();
  const publish = usePublishEdition();
  const platforms = usePlatformOptions();
  const [percent, setPercent] = useState<number | null>(null);
  const limit = megabytes(EDITION_PACKAGE_MAX_BYTES);

  const tooLarge = (file: File) =>
    file.size > EDITION_PACKAGE_MAX_BYTES
      ? t('fileTooLarge', { size: limit, actual: fileSizeText(file.size) })
      : null;

  const submit = async (values: Values) => {
    const file = values.file[0]?.originFileObj;
    if (!file) throw new Error(t('fileRequired'));
    setPercent(0);
    try {
      return await publish.mutateAsync({
        body: {
          platform: values.platform,
          version: values.version,
          notes: values.notes ?? '',
          forceUpdate: values.forceUpdate ?? false,
        },
        file,
        onProgress: ({ sentBytes, totalBytes }) =>
          setPercent(totalBytes > 0 ? Math.floor((sentBytes / totalBytes) * 100) : 0),
      });
    } finally {
      setPercent(null);
    }
  };

  return (
    <FormDialog<Values>
      open
      title={t('add')}
      initialValues={{ forceUpdate: false, file: [] }}
      successText={t('published')}
      submit={submit}
      onClose={onClose}
    >
      <Form.Item
        name="platform"
        label={t('platform')}
        rules={[{ required: true, message: t('platformRequired') }]}
      >
        <Select options={platforms} />
      </Form.Item>
      <Form.Item
        name="version"
        label={t('version')}
        extra={t('versionHint')}
        rules={[{ required: true, message: t('versionRequired') }, zodRule(field.version, t('version'))]}
      >
        <Input showCount maxLength={VERSION_MAX} placeholder="1.2.3" />
      </Form.Item>
      <Form.Item name="notes" label={t('notes')} rules={[zodRule(field.notes, t('notes'))]}>
        <Input.TextArea rows={4} maxLength={EDITION_NOTES_MAX} showCount />
      </Form.Item>
      <Form.Item name="forceUpdate" valuePropName="checked">
        <Checkbox>{t('forceUpdate')}</Checkbox>
      </Form.Item>
      <Form.Item
        name="file"
        label={t('file')}
        valuePropName="fileList"
        getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList.slice(-1)}
        rules={[
          {
            validator: async (_, files: UploadFile[] | undefined) => {
              const file = files?.[0]?.originFileObj;
              if (!file) throw new Error(t('fileRequired'));
              const problem = tooLarge(file);
              if (problem) throw new Error(problem);
            },
          },
        ]}
      >
        <Upload
          maxCount={1}
          disabled={percent !== null}
          beforeUpload={(file) => {
            const problem = tooLarge(file);
            if (problem) {
              showMessage('WARN', problem);
              return Upload.LIST_IGNORE;
            }
            // Kept in the form and sent with the fields on save, not uploaded on its own.
            return false;
          }}
        >
          <Button icon={<UploadOutlined />}>{t('pick')}</Button>
        </Upload>
      </Form.Item>
      {percent !== null && (
        <Progress
          percent={percent}
          status="active"
          format={(value) => t('uploading', { percent: value ?? 0 })}
        />
      )}
    </FormDialog>
  );
}
