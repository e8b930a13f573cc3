/**
 * The demo alarm columns (CITYOPS_MODE=demo): the server's seed registers them in the first demo
 * project with the demo secret (devices/demo.ts DEMO_FLEET_KEY), each bound to a camera of the camera
 * simulators (hik and icc alternately); the alarm-box simulator signs them in. The same on every side.
 */
export const DEMO_ALARMBOX_PRODUCT = {
  productKey: 'demo-alarmbox',
  name: '一键报警柱',
  nameEn: 'One-key alarm column',
  typeCode: '0801',
  vendor: 'CityOps',
  model: 'AB-100',
  description: '演示用一键报警柱（报警柱模拟器）',
} as const;

export interface DemoAlarmBox {
  deviceKey: string;
  controlCode: string;
  name: string;
  /** The camera (simulators/seed/cameras.json) the box is bound to. */
  cameraCode: string;
  /** Where the box stands (stored coordinates): inside the first demo project's outline. */
  lng: number;
  lat: number;
  /** Its street address, what the call dialog and the records show as its place. */
  address: string;
}

/**
 * The boxes stand on a ring of about 700 m around the first demo project's point (深圳南山), well
 * inside its outline, where the demo fleet and areas are: a monitor map opened on the project shows
 * them all. Not at their cameras: the simulators' cameras stand in another city.
 */
const RING = { lng: 113.93041, lat: 22.53332, radius: 0.0065 } as const;

/** The streets around the ring, one per box, in the order of the ring (east, then anticlockwise). */
const STREETS = [
  '深圳市南山区科苑南路',
  '深圳市南山区高新南一道',
  '深圳市南山区深南大道',
  '深圳市南山区科技中一路',
  '深圳市南山区沙河西路',
  '深圳市南山区海德三道',
  '深圳市南山区滨海大道',
  '深圳市南山区后海大道',
] as const;

/** How many demo boxes there are. */
export const DEMO_ALARM_BOX_COUNT = 8;

export const DEMO_ALARM_BOXES: readonly DemoAlarmBox[] = Array.from(
  { length: DEMO_ALARM_BOX_COUNT },
  (_, i) => {
    const serial = String(i + 1).padStart(5, '0');
    const camera = String(Math.floor(i / 2) + 1).padStart(2, '0');
    const angle = (2 * Math.PI * i) / DEMO_ALARM_BOX_COUNT;
    return {
      deviceKey: `alarmbox-${serial}`,
      controlCode: `0801${serial}`,
      name: `一键报警柱${serial}`,
      cameraCode: i % 2 === 0 ? `hik-cam-${camera}` : `icc-cam-${camera}`,
      lng: Number((RING.lng + RING.radius * Math.cos(angle)).toFixed(5)),
      lat: Number((RING.lat + RING.radius * Math.sin(angle)).toFixed(5)),
      address: `${STREETS[i % STREETS.length] ?? ''}${i + 1}号报警点`,
    };
  },
);
