import { useState } from 'react';
import { Alert, Form, Input } from 'antd';
import { isApiError } from '@cityops/client';
import type { LngLat, MapArea } from '@cityops/contract';
import { FormDialog } from '@cityops/crud';
import {
  coordinatesOf,
  LocationPicker,
  locationText,
  requiredLocationRule,
  type LocationValue,
} from '@cityops/map';
import { contractText, useLocale } from '../assets/shared';
import { useLocateDevices } from './queries';
import { placementTexts } from './texts';

interface Values {
  location: LocationValue;
  address?: string;
}

/** The server's reason for a refused change, shown in the dialog itself (and by the HTTP client). */
export function useRefusal() {
  const [refusal, setRefusal] = useState<string | null>(null);
  const guard = async <T,>(work: () => Promise<T>): Promise<T> => {
    setRefusal(null);
    try {
      return await work();
    } catch (error) {
      if (isApiError(error)) setRefusal(error.message);
      throw error;
    }
  };
  const shown = refusal ? <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} /> : null;
  return { guard, shown };
}

/**
 * One place for every device chosen (the devices of one pole): the map picker (a click or
 * a dragged marker, or typed coordinates, required, §5's rules) and the address (100).
 */
export function LocateDialog({
  ids,
  point,
  areas,
  center,
  onDone,
  onClose,
}: {
  ids: number[];
  /** Where the user clicked the page's map, if that opened the dialog. */
  point: LngLat | null;
  areas: readonly MapArea[];
  center?: LngLat;
  onDone(): void;
  onClose(): void;
}) {
  const t = placementTexts.useTexts();
  const locale = useLocale();
  const locate = useLocateDevices();
  const { guard, shown } = useRefusal();
  const submit = (values: Values) =>
    guard(async () => {
      const { longitude, latitude } = coordinatesOf(values.location);
      await locate.mutateAsync({ ids, longitude, latitude, address: values.address ?? '' });
      onDone();
    });
  return (
    <FormDialog<Values>
      open
      title={t('setLocationOf', { count: ids.length })}
      initialValues={{ location: point ? locationText(point.lng, point.lat) : locationText(null, null) }}
      submit={submit}
      successText={contractText('placement.located', locale, { count: ids.length })}
      onClose={onClose}
      width={720}
    >
      {(form) => (
        <>
          {shown}
          <Form.Item name="location" label={t('location')} rules={[requiredLocationRule]}>
            <LocationPicker
              areas={areas}
              center={center}
              height={300}
              onAddress={(address) => {
                if (!((form.getFieldValue('address') as string | undefined) ?? '').trim())
                  form.setFieldValue('address', address.slice(0, 100));
              }}
            />
          </Form.Item>
          <Form.Item name="address" label={t('address')} rules={[{ max: 100, message: t('address') }]}>
            <Input maxLength={100} showCount />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}
