import type { AlarmRow } from '@cityops/contract';

/**
 * One alarm row as the alarm lists and the device alarm pages receive it: by default a waiting,
 * important tilt alarm of a well lid in the demo project, first at 10:00 China time.
 */
export const alarmRow = (alarmId: number, extra: Partial<AlarmRow> = {}): AlarmRow => ({
  alarmId,
  kind: 'alarm',
  deviceId: alarmId,
  deviceName: `井盖${String(alarmId).padStart(4, '0')}`,
  deviceKey: `lid-${alarmId}`,
  typeCode: '0501',
  projectId: 1,
  projectName: '深圳南山智慧路灯示范项目',
  areaId: null,
  areaName: null,
  address: '科技园南路',
  title: '井盖倾斜',
  titleEn: 'Cover tilted',
  source: 'event:tilt',
  ruleId: null,
  level: 'error',
  state: 'waiting',
  value: null,
  count: 3,
  firstAt: '2026-11-24T02:00:00.000Z',
  lastAt: '2026-11-24T02:30:00.000Z',
  recoveredAt: null,
  handledAt: null,
  handledBy: null,
  closedAt: null,
  workOrderId: null,
  workOrderNo: null,
  ...extra,
});
