import { useState } from 'react';
import { UploadOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal, Progress, Upload } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  FIRMWARE_MAX_BYTES,
  FIRMWARE_NOTES_MAX,
  FIRMWARE_VERSION_MAX,
  firmwareEndpoints,
  firmwareVersionSchema,
  megabytes,
  text,
} from '@cityops/contract';
import { endpointKey, useCrud, zodRule } from '@cityops/crud';
import { showMessage } from '@cityops/ui';
import { ProductSelect, useLocale } from '../assets/shared';
import { upgradeTexts } from './texts';

interface Values {
  productId: number;
  version: string;
  notes?: string;
}

/** 上传固件: product, version, notes and the file (at most 64M), with the upload's progress. */
export function UploadFirmwareDialog({ productId, onClose }: { productId?: number; onClose(): void }) {
  const t = upgradeTexts.useTexts();
  const locale = useLocale();
  const { http } = useCrud();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const upload = useMutation({
    mutationFn: ({ values, chosen }: { values: Values; chosen: File }) =>
      http.upload(firmwareEndpoints.upload, {
        body: { productId: values.productId, version: values.version, notes: values.notes ?? '' },
        file: chosen,
        onProgress: ({ sentBytes, totalBytes }) =>
          setPercent(totalBytes > 0 ? Math.round((sentBytes / totalBytes) * 100) : 0),
      }),
    onSettled: () => setPercent(null),
    onSuccess: () => client.invalidateQueries({ queryKey: endpointKey(firmwareEndpoints.page) }),
  });

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    if (!file) {
      showMessage('WARN', t('fileRequired'));
      return;
    }
    await upload.mutateAsync({ values, chosen: file }).then(
      () => {
        showMessage('SUCCESS', text('firmware.uploaded', locale));
        onClose();
      },
      () => undefined,
    );
  };

  const pick = (chosen: File) => {
    if (chosen.size > FIRMWARE_MAX_BYTES)
      showMessage('WARN', t('fileTooLarge', { size: megabytes(FIRMWARE_MAX_BYTES) }));
    else setFile(chosen);
    return Upload.LIST_IGNORE;
  };

  return (
    <Modal
      open
      title={t('upload')}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={upload.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ productId }}>
        <Form.Item
          name="productId"
          label={t('product')}
          rules={[{ required: true, message: t('choose', { field: t('product') }) }]}
        >
          <ProductSelect />
        </Form.Item>
        <Form.Item
          name="version"
          label={t('version')}
          rules={[
            { required: true, whitespace: true, message: t('required', { field: t('version') }) },
            zodRule(firmwareVersionSchema, t('version')),
          ]}
        >
          <Input showCount maxLength={FIRMWARE_VERSION_MAX} />
        </Form.Item>
        <Form.Item name="notes" label={t('notes')}>
          <Input.TextArea showCount maxLength={FIRMWARE_NOTES_MAX} rows={3} />
        </Form.Item>
        <Form.Item label={t('file')} required>
          <Upload showUploadList={false} beforeUpload={pick}>
            <Button icon={<UploadOutlined />}>{file ? file.name : t('pickFile')}</Button>
          </Upload>
        </Form.Item>
        {percent !== null && (
          <Progress percent={percent} format={(value) => t('uploading', { percent: value ?? 0 })} />
        )}
      </Form>
    </Modal>
  );
}
