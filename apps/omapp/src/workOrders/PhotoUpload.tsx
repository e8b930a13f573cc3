import { useState } from 'react';
import { Button, Upload, type UploadFile } from 'antd';
import {
  megabytes,
  WORK_ORDER_PHOTO_MAX_BYTES,
  WORK_ORDER_PHOTO_TYPES,
  WORK_ORDER_PHOTOS_PER_STEP,
  workOrderEndpoints,
} from '@cityops/contract';
import { useCrud } from '@cityops/crud';
import { showMessage } from '@cityops/ui';
import { workOrderTexts } from './texts';

const TYPES: readonly string[] = WORK_ORDER_PHOTO_TYPES;

/** Why a photo is refused before it is sent (type, size, how many), or null. */
export function photoRefusal(file: { type: string; size: number }, count: number): string | null {
  const { t } = workOrderTexts;
  if (!TYPES.includes(file.type)) return t('photoType');
  if (file.size > WORK_ORDER_PHOTO_MAX_BYTES)
    return t('photoTooLarge', { size: megabytes(WORK_ORDER_PHOTO_MAX_BYTES) });
  if (count >= WORK_ORDER_PHOTOS_PER_STEP) return t('photoTooMany', { count: WORK_ORDER_PHOTOS_PER_STEP });
  return null;
}

export interface PhotoUploadValue {
  photoIds: number[];
  /** Whether some photo is still on its way (the form must wait for it). */
  uploading: boolean;
}

/**
 * The photos of a step: each is checked (JPEG/PNG/WebP, at most 20M, at most 9) and uploaded at once
 * through the kit's upload to workOrderEndpoints.photo; the value is the stored photos' ids.
 */
export function PhotoUpload({
  onChange,
}: {
  value?: PhotoUploadValue;
  onChange?(value: PhotoUploadValue): void;
}) {
  const t = workOrderTexts.useTexts();
  const { http } = useCrud();
  const [files, setFiles] = useState<UploadFile<{ photoId: number }>[]>([]);

  const report = (next: UploadFile<{ photoId: number }>[]) => {
    setFiles(next);
    onChange?.({
      photoIds: next.flatMap((file) =>
        file.status === 'done' && file.response ? [file.response.photoId] : [],
      ),
      uploading: next.some((file) => file.status === 'uploading'),
    });
  };

  return (
    <Upload<{ photoId: number }>
      listType="picture"
      accept={WORK_ORDER_PHOTO_TYPES.join(',')}
      multiple
      fileList={files}
      beforeUpload={(file) => {
        const refusal = photoRefusal(file, files.length);
        if (refusal) {
          showMessage('WARN', refusal);
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={({ file, onSuccess, onError }) => {
        http.upload(workOrderEndpoints.photo, { body: {}, file: file as File }).then(
          (photo) => onSuccess?.(photo),
          (error: Error) => onError?.(error),
        );
      }}
      onChange={({ fileList }) => report(fileList.filter((file) => file.status !== 'error'))}
    >
      {files.length < WORK_ORDER_PHOTOS_PER_STEP && (
        <Button>
          {t('photos')} ·{' '}
          {t('photoHint', { size: megabytes(WORK_ORDER_PHOTO_MAX_BYTES), count: WORK_ORDER_PHOTOS_PER_STEP })}
        </Button>
      )}
    </Upload>
  );
}
