import type { LiveDevice, Page, TelemetryServerFrame } from '@cityops/contract';

/** A value or status frame of the live socket: what changes a row. */
export type DeviceFrame = Extract<TelemetryServerFrame, { type: 'values' | 'status' }>;

/** The properties of a row a frame changed (a status change counts as `online`). */
export interface Applied<Row> {
  page: Page<Row>;
  changed: string[];
}

/**
 * One frame applied to a cached page of live devices: a `values` frame merges its values into the
 * device's row (and makes it online, seen at the report's time), a `status` frame sets its online
 * state. Answers the same page object when the device is not on it or nothing changed.
 */
export function applyFrame<Row extends LiveDevice>(page: Page<Row>, frame: DeviceFrame): Applied<Row> {
  const changed: string[] = [];
  const list = page.list.map((row) => {
    if (row.deviceId !== frame.deviceId) return row;
    if (frame.type === 'status') {
      if (row.online === frame.online) return row;
      changed.push('online');
      return { ...row, online: frame.online, lastSeenAt: frame.at };
    }
    for (const [identifier, value] of Object.entries(frame.values))
      if (row.values[identifier] !== value) changed.push(identifier);
    const at = new Date(frame.t).toISOString();
    if (!row.online) changed.push('online');
    return { ...row, values: { ...row.values, ...frame.values }, valuesAt: at, lastSeenAt: at, online: true };
  });
  return changed.length === 0 ? { page, changed } : { page: { ...page, list }, changed };
}
