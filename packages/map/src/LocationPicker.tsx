import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { Button, Input, Modal, Space } from 'antd';
import type { Rule } from 'antd/es/form';
import { i18n } from '@cityops/ui';
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
import { OutlineTools } from './OutlineTools';
import { coordinateText } from './coords';
import { mapTexts } from './texts';
import { useAddress } from './useAddress';
import styles from './LocationPicker.module.css';

/** What the picker edits: the inputs' texts ('' when no location is set). */
export interface LocationValue {
  longitude: string;
  latitude: string;
  /** The outline, when the picker edits one (stored coordinates). */
  polygon?: LngLat[];
}

const NO_OUTLINE: readonly LngLat[] = [];

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
 * A wrong value typed is named before one not typed yet: a latitude of 95 typed before the longitude
 * is the latitude's mistake, and saying 请输入正确的经度 would send the user to the wrong input.
 */
export function locationProblem(value: LocationValue | undefined, required = false): TextKey | null {
  const longitude = value?.longitude.trim() ?? '';
  const latitude = value?.latitude.trim() ?? '';
  if (longitude === '' && latitude === '') return required ? 'longitude.format' : null;
  if (longitude !== '' && checkLongitude(longitude)) return 'longitude.format';
  if (latitude !== '' && checkLatitude(latitude)) return 'latitude.format';
  if (longitude === '') return 'longitude.format';
  if (latitude === '') return 'latitude.format';
  return null;
}

/** The point the inputs name, when they name a valid one. */
export function locationPoint(value: LocationValue | undefined): LngLat | null {
  if (!value || value.longitude.trim() === '' || locationProblem(value)) return null;
  return { lng: Number(value.longitude), lat: Number(value.latitude) };
}

/** An outline is none at all, or at least three corners (a closed shape). */
export function outlineProblem(polygon: readonly LngLat[] | undefined): 'outline.tooFew' | null {
  const corners = polygon?.length ?? 0;
  return corners === 0 || corners >= 3 ? null : 'outline.tooFew';
}

/** The coordinates as the contract takes them: the inputs' texts, or null when not given. */
export const coordinatesOf = (value: LocationValue | undefined) => ({
  longitude: value?.longitude.trim() || null,
  latitude: value?.latitude.trim() || null,
});

const ruleOf = (required: boolean): Rule => ({
  validator: async (_, value: LocationValue | undefined) => {
    const problem = locationProblem(value, required);
    if (problem) throw new Error(i18n.t(`contract:${problem}`));
    const outline = outlineProblem(value?.polygon);
    if (outline) throw new Error(mapTexts.t(outline));
  },
});

/**
 * The picker's form rule: §5's coordinate texts (the contract's words, as the server answers them) and
 * a closed outline.
 */
export const locationRule: Rule = ruleOf(false);
/** The same for a place that must be given (a site). */
export const requiredLocationRule: Rule = ruleOf(true);

const asText = (point: LngLat): Pick<LocationValue, 'longitude' | 'latitude'> => ({
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
  /** Also edit an outline (`value.polygon`): a project's boundary, an area's extent. */
  withOutline?: boolean;
  /** Where the view starts while no point or outline is set (the project's place). */
  center?: LngLat;
  /** Height of the map in the form. */
  height?: number;
  disabled?: boolean;
  /**
   * The address the map's provider gives for a point the user placed (AMap's reverse geocoding, §7),
   * e.g. to fill the form's address; never called for the point the picker opened with.
   */
  onAddress?(address: string): void;
}

interface PickerMapProps extends Omit<LocationPickerProps, 'value' | 'onChange' | 'height' | 'onAddress'> {
  value: LocationValue;
  onChange?(value: LocationValue): void;
  style: CSSProperties;
}

/** The map of the picker with its outline tools: the same in the form and full screen. */
function PickerMap({
  value,
  onChange,
  markers,
  areas,
  withOutline,
  center,
  disabled,
  style,
}: PickerMapProps) {
  const [drawing, setDrawing] = useState(false);
  const point = locationPoint(value);
  const polygon = value.polygon ?? NO_OUTLINE;
  const editable = !disabled && onChange;
  const setPolygon = (next: readonly LngLat[]) => onChange?.({ ...value, polygon: [...next] });
  return (
    <>
      {withOutline && (
        <OutlineTools
          polygon={polygon}
          drawing={drawing}
          onDrawingChange={setDrawing}
          onChange={setPolygon}
          disabled={!editable}
        />
      )}
      <CityMap
        point={point}
        onPointChange={editable ? (next) => onChange({ ...value, ...asText(next) }) : undefined}
        polygon={withOutline ? polygon : undefined}
        onPolygonChange={editable && withOutline ? setPolygon : undefined}
        drawing={drawing}
        markers={markers}
        areas={areas}
        center={point ?? polygon[0] ?? center}
        style={style}
      />
    </>
  );
}

/**
 * The map location picker of platform-shell.md §2: longitude and latitude inputs, a marker dragged (or
 * a click on the map) writes them with up to 5 decimals, typing moves the marker and the view, device
 * markers and area outlines optional, an outline drawn when asked, and a full-screen map whose OK
 * keeps what was placed there and whose close leaves the form as it was. An antd form control
 * (`value` / `onChange`); check it with `locationProblem` (and `outlineProblem`).
 */
export function LocationPicker({
  value = NO_LOCATION,
  onChange,
  height = 260,
  disabled,
  onAddress,
  ...shown
}: LocationPickerProps) {
  const t = mapTexts.useTexts();
  const [draft, setDraft] = useState<LocationValue | null>(null);
  const problem = locationProblem(value);
  const draftPoint = draft && locationPoint(draft);
  const address = useAddress(locationPoint(value));
  const opened = useRef(`${value.longitude},${value.latitude}`);
  const found = address.state === 'found' ? address.address : null;
  useEffect(() => {
    if (found && `${value.longitude},${value.latitude}` !== opened.current) onAddress?.(found);
    // Once per address found; the callback's identity does not matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [found]);

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
        <Button icon={<FullscreenOutlined />} disabled={disabled} onClick={() => setDraft(value)}>
          {t('fullScreen')}
        </Button>
      </div>
      <PickerMap {...shown} value={value} onChange={onChange} disabled={disabled} style={{ height }} />
      {address.state !== 'none' && (
        <div className={styles.address} role="status" data-state={address.state}>
          {address.state === 'found' && t('address', { address: address.address })}
          {address.state === 'loading' && t('addressLoading')}
          {address.state === 'unknown' && t('addressUnknown')}
        </div>
      )}
      {!disabled && <div className={styles.hint}>{t('dragHint')}</div>}
      <Modal
        open={draft !== null}
        title={t('fullScreenTitle')}
        width="100vw"
        style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }}
        styles={{ body: { height: 'calc(100vh - 140px)', display: 'flex', flexDirection: 'column', gap: 8 } }}
        destroyOnHidden
        okText={t('ok')}
        cancelText={t('close')}
        onOk={() => {
          if (draft) onChange?.(draft);
          setDraft(null);
        }}
        onCancel={() => setDraft(null)}
      >
        <div className={styles.draft}>
          {draftPoint
            ? `${t('longitude')} ${coordinateText(draftPoint.lng)}，${t('latitude')} ${coordinateText(draftPoint.lat)}`
            : t('dragHint')}
        </div>
        {draft && <PickerMap {...shown} value={draft} onChange={setDraft} style={{ flex: 1 }} />}
      </Modal>
    </div>
  );
}
