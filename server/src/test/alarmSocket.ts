import type { IncomingHttpHeaders } from 'node:http';
import { ALARM_RESULT_PATH, alarmServerFrameSchema, API_PREFIX, type AlarmRecord } from '@cityops/contract';
import WebSocket from 'ws';
import { eventually } from './iotDevices.js';

/**
 * The alarm-result socket as sockjs-client's websocket transport drives it (`<prefix>/<server>/<session>/websocket`,
 * SockJS frames): signs in with `token`, keeps every call record the server sends.
 */
export async function openAlarmSocket(origin: string, token: string, devIds: number[] = []) {
  const ws = new WebSocket(
    `${origin.replace(/^http/, 'ws')}${API_PREFIX}${ALARM_RESULT_PATH}/000/${Math.random().toString(36).slice(2)}/websocket`,
  );
  let upgradeHeaders: IncomingHttpHeaders = {};
  ws.once('upgrade', (response) => (upgradeHeaders = response.headers));
  const records: AlarmRecord[] = [];
  let welcomed = false;
  let closeFrame: [number, string] | null = null;
  ws.on('message', (data: WebSocket.RawData) => {
    const text = String(data);
    if (text.startsWith('a'))
      for (const item of JSON.parse(text.slice(1)) as string[]) {
        const frame = alarmServerFrameSchema.parse(JSON.parse(item));
        if (frame.type === 'calls') {
          welcomed = true;
          records.push(...frame.data);
        }
      }
    if (text.startsWith('c')) closeFrame = JSON.parse(text.slice(1)) as [number, string];
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(JSON.stringify([JSON.stringify({ accessToken: token, devIds })]));
  const find = (check: (record: AlarmRecord) => boolean) =>
    eventually(() => Promise.resolve(records.find(check)));
  return {
    ws,
    upgradeHeaders,
    records,
    closed,
    find,
    welcomed: () => welcomed,
    closeFrame: () => closeFrame,
  };
}
