import {
  ALARM_LEVEL_NAMES,
  ALARM_PAGE,
  chinaDateTime,
  recordLink,
  WARNING_PAGE,
  type AlarmKind,
  type AlarmLevel,
  type Names,
  type TelemetryValue,
} from '@cityops/contract';
import type { AppContext } from '../../http/context.js';
import { produceMessage } from '../messages/produce.js';

type Ctx = Pick<AppContext, 'db' | 'now' | 'licence' | 'messageTemplates'>;

/** What an alarm's message says: the alarm, its device and when. */
export interface AlarmAnnouncement {
  alarmId: number;
  kind: AlarmKind;
  value: TelemetryValue | null;
  projectId: number;
  deviceName: string;
  address: string;
  title: string;
  /** The English title; '' when the rule or event has none (the message then names `title`). */
  titleEn: string;
  level: AlarmLevel;
  at: Date;
}

/**
 * The message of an alarm or early warning that opened (or is pushed again), after its commit: to the
 * holders of its list in its project, linked to the alarm itself, so a click opens its detail.
 */
export function announceAlarm(ctx: Ctx, alarm: AlarmAnnouncement) {
  // The alarm's names in both languages: each rendering of the message takes its own.
  const title: Names = [alarm.title, alarm.titleEn || alarm.title];
  const common = {
    projectId: alarm.projectId,
    link: recordLink(alarm.kind === 'warning' ? WARNING_PAGE : ALARM_PAGE, alarm.alarmId),
  };
  if (alarm.kind === 'warning')
    return produceMessage(ctx.db, ctx, {
      ...common,
      kind: 'earlyWarning.raised',
      values: {
        deviceName: alarm.deviceName,
        warning: title,
        value: alarm.value === null ? '' : String(alarm.value),
      },
    });
  return produceMessage(ctx.db, ctx, {
    ...common,
    kind: 'alarm.raised',
    values: {
      deviceName: alarm.deviceName,
      alarmName: title,
      level: ALARM_LEVEL_NAMES[alarm.level],
      place: alarm.address || alarm.deviceName,
      time: chinaDateTime(alarm.at),
    },
  });
}

/** An alarm that opened as the engine reports it: with the facts of its device. */
export type OpenedWithDevice = Omit<AlarmAnnouncement, 'projectId' | 'deviceName' | 'address'> & {
  device: { projectId: number; name: string; address: string };
};

/** The messages of alarms that opened (ingestion, the offline sweep, the demo's first events), in turn. */
export async function announceOpened(ctx: Ctx, opened: readonly OpenedWithDevice[]) {
  for (const { device, ...alarm } of opened)
    await announceAlarm(ctx, {
      ...alarm,
      projectId: device.projectId,
      deviceName: device.name,
      address: device.address,
    });
}
