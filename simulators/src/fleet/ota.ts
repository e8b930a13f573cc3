import { createHash } from 'node:crypto';
import { otaCommandSchema, type OtaCommand, type OtaProgress, type ReplyPayload } from '@cityops/contract';

/**
 * A simulated device's firmware upgrade (server/src/modules/iot/PROTOCOL.md, "Firmware upgrades"): on
 * the `$ota` command it answers the command, downloads the file over HTTP with the command's token,
 * reporting its progress on the `ota` topic, checks the size and SHA-256, says it is installing, then
 * restarts and comes back announcing the new firmware in its status. A device told to corrupt its
 * downloads fails the checksum and reports `failed`.
 */

export interface OtaDevice {
  deviceKey: string;
  publish(kind: 'reply' | 'ota', payload: ReplyPayload | OtaProgress): void;
  /** Restarts on `firmware`: drops the connection, comes back and announces it in `status`. */
  restart(firmware: string): void;
}

export interface OtaOptions {
  /** Devices whose downloads arrive damaged (a flipped byte): the checksum fails. */
  corrupt?: (deviceKey: string) => boolean;
  /** How long installing takes before the restart (default 500 ms). */
  installMs?: number;
}

/** What the device reports while downloading: every quarter. */
const STEPS = [25, 50, 75];

/** The `$ota` command in a command topic's JSON, or null when it is another command. */
export function otaCommandOf(json: unknown): OtaCommand | null {
  const parsed = otaCommandSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** Carries out one upgrade; never throws (what goes wrong is reported as `failed`). */
export async function runOta(device: OtaDevice, command: OtaCommand, options: OtaOptions = {}) {
  const { job, url, size, sha256, version } = command.params;
  device.publish('reply', { id: command.id, code: 0, msg: '' });
  const report = (state: OtaProgress['state'], progress: number, msg = '') =>
    device.publish('ota', { job, state, progress, msg });
  try {
    const answer = await fetch(url);
    if (!answer.ok || !answer.body || answer.headers.get('content-type')?.includes('json')) {
      report('failed', 0, `download refused (HTTP ${answer.status})`);
      return;
    }
    const hash = createHash('sha256');
    let received = 0;
    let step = 0;
    const reader = answer.body.getReader();
    const corrupt = options.corrupt?.(device.deviceKey) ?? false;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const chunk = Buffer.from(value);
      if (corrupt && received === 0 && chunk.length > 0) chunk[0] = (chunk[0] ?? 0) ^ 0xff;
      hash.update(chunk);
      received += chunk.length;
      while (step < STEPS.length && received * 100 >= (STEPS[step] ?? 100) * size) {
        report('downloading', STEPS[step] ?? 100);
        step += 1;
      }
    }
    if (received !== size) {
      report('failed', 0, `size mismatch: ${received} of ${size} bytes`);
      return;
    }
    if (hash.digest('hex') !== sha256) {
      report('failed', 100, 'checksum mismatch');
      return;
    }
    report('installing', 100);
    setTimeout(() => device.restart(version), options.installMs ?? 500).unref();
  } catch (error) {
    report(
      'failed',
      0,
      `download failed: ${error instanceof Error ? error.message : 'unknown'}`.slice(0, 200),
    );
  }
}
