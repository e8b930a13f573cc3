import { useState } from 'react';
import type { LngLat, MapArea } from '@cityops/contract';
import { CityMap } from './CityMap';
import { OutlineTools } from './OutlineTools';
import styles from './LocationPicker.module.css';

const NO_OUTLINE: readonly LngLat[] = [];

export interface OutlineEditorProps {
  /** The outline (stored coordinates); none until drawn. */
  value?: readonly LngLat[];
  onChange?(polygon: LngLat[]): void;
  /** Other outlines shown for reference (the project's, the neighbouring areas'). */
  areas?: readonly MapArea[];
  /** Where the view starts when there is no outline yet. */
  center?: LngLat;
  zoom?: number;
  height?: number;
  disabled?: boolean;
}

/** The middle of an outline's bounding box: where a map showing it looks. */
export function outlineCentre(polygon: readonly LngLat[]): LngLat | undefined {
  if (polygon.length === 0) return undefined;
  const lngs = polygon.map((point) => point.lng);
  const lats = polygon.map((point) => point.lat);
  return {
    lng: (Math.min(...lngs) + Math.max(...lngs)) / 2,
    lat: (Math.min(...lats) + Math.max(...lats)) / 2,
  };
}

/**
 * An outline alone drawn and edited on the map (an area's extent), with the picker's outline tools: an
 * antd form control (`value` / `onChange`) whose value is the list of corners.
 */
export function OutlineEditor({
  value = NO_OUTLINE,
  onChange,
  areas,
  center,
  zoom,
  height = 320,
  disabled,
}: OutlineEditorProps) {
  const [drawing, setDrawing] = useState(false);
  const editable = !disabled && onChange !== undefined;
  const change = (next: readonly LngLat[]) => onChange?.([...next]);
  return (
    <div className={styles.picker}>
      <OutlineTools
        polygon={value}
        drawing={drawing}
        onDrawingChange={setDrawing}
        onChange={change}
        disabled={!editable}
      />
      <CityMap
        polygon={value}
        onPolygonChange={editable ? change : undefined}
        drawing={drawing}
        areas={areas}
        center={outlineCentre(value) ?? center}
        zoom={zoom}
        style={{ height }}
      />
    </div>
  );
}
