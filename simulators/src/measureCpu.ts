import WebSocket from 'ws';
import { signArtemisJsonPost } from './hik/artemisSignature.js';
import { startSimulators } from './startSimulators.js';

/**
 * Measures encoder CPU with N live viewers (one per camera), still and while every PTZ camera pans:
 *   npx tsx simulators/src/measureCpu.ts [cameras=16] [seconds=10]
 */
const cameraCount = Number(process.argv[2] ?? 16);
const seconds = Number(process.argv[3] ?? 10);
const sims = await startSimulators();

async function artemis(path: string, body: unknown) {
  const text = JSON.stringify(body);
  const headers = signArtemisJsonPost({
    path,
    body: text,
    appKey: sims.hik.appKey,
    appSecret: sims.hik.appSecret,
  });
  const response = await fetch(`${sims.hik.url}${path}`, { method: 'POST', headers, body: text });
  return (await response.json()) as { data: { url: string } };
}

const cameras = sims.cameras.filter((camera) => camera.platform === 'hik').slice(0, cameraCount);
const sockets: WebSocket[] = [];
for (const camera of cameras) {
  const { data } = await artemis('/artemis/api/video/v2/cameras/previewURLs', {
    cameraIndexCode: camera.code,
  });
  const socket = new WebSocket(data.url);
  socket.on('message', () => undefined);
  sockets.push(socket);
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function sample(label: string) {
  await wait(3000);
  const before = new Map(sims.encoders().map((encoder) => [encoder.pid, encoder.cpuSeconds ?? 0]));
  await wait(seconds * 1000);
  const shares = sims
    .encoders()
    .map((encoder) => ((encoder.cpuSeconds ?? 0) - (before.get(encoder.pid) ?? 0)) / seconds)
    .sort((a, b) => a - b);
  const total = shares.reduce((sum, share) => sum + share, 0);
  const pct = (value: number) => `${(value * 100).toFixed(1)}%`;
  console.log(
    `${label}: ${shares.length} encoders, per camera min ${pct(shares[0] ?? 0)} median ${pct(shares[Math.floor(shares.length / 2)] ?? 0)} ` +
      `max ${pct(shares.at(-1) ?? 0)}, total ${pct(total)} of one core`,
  );
}

await sample('still');
for (const camera of cameras.filter((item) => item.ptz)) {
  await artemis('/artemis/api/video/v1/ptzs/controlling', {
    cameraIndexCode: camera.code,
    action: 0,
    command: 'LEFT',
    speed: 20,
  });
}
await sample('PTZ cameras panning');
for (const socket of sockets) socket.close();
await sims.close();
