import type { AlarmRecord, CameraEntry, EventStatus } from '@cityops/contract';

/** An alarm record as the server sends it, for tests. */
export function alarmRecord(
  id: number,
  eventStatus: EventStatus,
  answeredBy: number | null = null,
  extra: Partial<AlarmRecord> = {},
): AlarmRecord {
  return {
    id,
    devId: 100 + id,
    deviceDto: {
      id: 100 + id,
      controlCode: `BOX-${id}`,
      devName: `报警柱${id}`,
      projectId: 1,
      projectName: '示范项目',
      areaName: '东区',
      siteName: '东门',
      address: '东门路1号',
      lng: null,
      lat: null,
      accessWay: null,
      camera: null,
    },
    eventStatus,
    createTime: '2026-11-24 10:00:00',
    happenTime: '2026-11-24 10:00:00',
    endTime: eventStatus === 0 ? '2026-11-24 10:01:00' : null,
    notifyTime: answeredBy === null ? null : '2026-11-24 10:00:30',
    answeredBy: answeredBy === null ? null : { userId: answeredBy, name: `user${answeredBy}` },
    endReason: eventStatus === 0 ? 'box' : null,
    outgoing: false,
    ...extra,
  };
}

/** The record of a box whose camera plays on `accessWay` (hik_isc_huati or dh_icc_huati), for tests. */
export function recordWithCamera(id: number, accessWay: CameraEntry['deviceDto']['accessWay']): AlarmRecord {
  const record = alarmRecord(id, 9, 7);
  const { deviceDto: box } = record;
  const code = `CAM-${id}`;
  const camera: CameraEntry = {
    controlCode: code,
    devName: `摄像机${id}`,
    recordLocation: 0,
    hasPtz: false,
    deviceDto: {
      controlCode: code,
      lng: null,
      lat: null,
      devName: `摄像机${id}`,
      siteName: box.siteName,
      areaName: box.areaName,
      accessWay,
    },
  };
  return { ...record, deviceDto: { ...box, accessWay, camera } };
}
