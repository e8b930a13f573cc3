import { useState } from 'react';
import { Button, Input, Modal, Space } from 'antd';
import { FullscreenOutlined } from '@ant-design/icons';
import {
  checkLatitude,
  checkLongitude,
  type LngLat,
  type MapArea,
  type MapDeviceMarker,
  type TextKey,
} from '@cityops/contract';
import { CityMap } from './CityMap';
import { coordinateText } from './coords';
import { mapTexts } from './texts';
import styles from './LocationPicker.module.css';

/** What the picker edits: the inputs' texts ('' when no location is set). */
export interface LocationValue {
  longitude: string;
  latitude: string;
}

export const NO_LOCATION: LocationValue = { longitude: '', latitude: '' };

/** The location as inputs show it: a stored coordinate pair, or none. */
export function locationText(longitude: number | null, latitude: number | null): LocationValue {
  return longitude === null || latitude === null
    ? NO_LOCATION
    : { longitude: String(longitude), latitude: String(latitude) };
}

/**
 * §5's rule for the pair: each within its range and decimals (请输入正确的经度，-180~180 /
 * 请输入正确的纬度，-90~90); both or neither. With `required`, neither is not allowed either.
 */
export function locationProblem(value: LocationValue | undefined, required = false): TextKey | null {
  const longitude = value?.longitude.trim() ?? '';
  const latitude = value?.latitude.trim() ?? '';
  if (longitude === '' && latitude === '') return required ? 'longitude.format' : null;
  if (longitude === '' || checkLongitude(longitude)) return 'longitude.format';
  if (latitude === '' || checkLatitude(latitude)) return 'latitude.format';
  return null;
}

/** The point the inputs name, when they name a valid one. */
export function locationPoint(value: LocationValue | undefined): LngLat | null {
  if (!value || value.longitude.trim() === '' || locationProblem(value)) return null;
  return { lng: Number(value.longitude), lat: Number(value.latitude) };
}

const asText = (point: LngLat): LocationValue => ({
  longitude: coordinateText(point.lng),
  latitude: coordinateText(point.lat),
});

export interface LocationPickerProps {
  value?: LocationValue;
  onChange?(value: LocationValue): void;
  /** Devices shown for reference (clustered). */
  markers?: readonly MapDeviceMarker[];
  /** Area outlines shown for reference. */
  areas?: readonly MapArea[];
  /** Height of the map in the form. */
  height?: number;
  disabled?: boolean;
}

/**
 * The map location picker of platform-shell.md §2: longitude and latitude inputs, a marker dragged (or
 * a click on the map) writes them with up to 5 decimals, typing moves the marker and the view, device
 * markers and area outlines optional, and a full-screen map whose OK keeps the point and whose close
 * leaves the inputs as they were. An antd form control (`value` / `onChange`); check it with
 * `locationProblem`.
 */
export function LocationPicker({
  value = NO_LOCATION,
  onChange,
  markers,
  areas,
  height = 260,
  disabled,
}: LocationPickerProps) {
  const t = mapTexts.useTexts();
  const [draft, setDraft] = useState<LngLat | null>(null);
  const [fullScreen, setFullScreen] = useState(false);
  const point = locationPoint(value);
  const problem = locationProblem(value);
  const set = (next: LngLat) => onChange?.(asText(next));
  const edit = disabled ? undefined : set;

  return (
    <div className={styles.picker}>
      <div className={styles.inputs}>
        {(['longitude', 'latitude'] as const).map((axis) => (
          <Space.Compact key={axis}>
            <Space.Addon>{t(axis)}</Space.Addon>
            <Input
              aria-label={t(axis)}
              placeholder={t(`${axis}Placeholder`)}
              value={value[axis]}
              disabled={disabled}
              status={problem === `${axis}.format` && value[axis] !== '' ? 'error' : undefined}
              onChange={(event) => onChange?.({ ...value, [axis]: event.target.value.trim() })}
            />
          </Space.Compact>
        ))}
        <Button
          icon={<FullscreenOutlined />}
          disabled={disabled}
          onClick={() => {
            setDraft(point);
            setFullScreen(true);
          }}
        >
          {t('fullScreen')}
        </Button>
      </div>
      <CityMap
        point={point}
        onPointChange={edit}
        markers={markers}
        areas={areas}
        style={{ height }}
        center={point ?? undefined}
      />
      {!disabled && <div className={styles.hint}>{t('dragHint')}</div>}
      <Modal
        open={fullScreen}
        title={t('fullScreenTitle')}
        width="100vw"
        style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }}
        styles={{ body: { height: 'calc(100vh - 140px)' } }}
        destroyOnHidden
        okText={t('ok')}
        cancelText={t('close')}
        onOk={() => {
          if (draft) set(draft);
          setFullScreen(false);
        }}
        onCancel={() => setFullScreen(false)}
      >
        <div className={styles.draft}>
          {draft
            ? `${t('longitude')} ${coordinateText(draft.lng)}，${t('latitude')} ${coordinateText(draft.lat)}`
            : t('dragHint')}
        </div>
        <CityMap
          point={draft}
          onPointChange={setDraft}
          markers={markers}
          areas={areas}
          center={draft ?? undefined}
          style={{ height: 'calc(100% - 32px)' }}
        />
      </Modal>
    </div>
  );
}
