import { randomBytes } from 'node:crypto';
import {
  API_PREFIX,
  OTA_MESSAGE_PREFIX,
  OTA_SERVICE,
  otaDownload,
  text,
  type OtaCommandParams,
  type OtaProgress,
  type ReplyPayload,
  type TextKey,
  type UpgradeTargetState,
} from '@cityops/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../http/context.js';
import type { DeviceIdentity } from '../iot/repository.js';
import type { OtaListener } from '../iot/runtime.js';
import * as repo from './repository.js';
import { makeToken } from './token.js';

/**
 * The upgrade dispatcher (upgrade): every tick it sends the `$ota` command to at most
 * `perTick` online devices with a pending target (a job to 10,000 devices reaches the broker at a
 * bounded rate; offline devices wait), fails what went silent past its job's timeout (the watchdog),
 * and finishes the jobs with nothing left under way. Progress from the devices' `ota` topic and the
 * firmware their status announces move the targets. All of it lives in the database, so a restart
 * (or another instance) carries on where it stopped.
 */

type DispatchCtx = Pick<AppContext, 'db' | 'now' | 'secrets'>;

export interface DispatcherOptions {
  ctx: DispatchCtx;
  log: FastifyBaseLogger;
  /** Publishes on the device's `command` topic (the device runtime's link). */
  publish(
    deviceKey: string,
    command: { id: string; ts: number; service: string; params: OtaCommandParams },
  ): Promise<void>;
  /** The origin devices download from, e.g. `http://10.0.0.5:8080`; null while unknown (not listening yet). */
  origin(): string | null;
  tickMs: number;
  perTick: number;
}

const zh = (key: TextKey, values: Record<string, string | number> = {}) =>
  text(key, 'zh-CN', values).slice(0, 200);

const UNDER_WAY: readonly UpgradeTargetState[] = ['sent', 'downloading', 'installing'];
/** What each reported state may follow (a report never moves a target backwards or out of an end). */
const REPORT_FROM: Record<OtaProgress['state'], readonly UpgradeTargetState[]> = {
  downloading: ['sent', 'downloading'],
  installing: ['sent', 'downloading', 'installing'],
  succeeded: UNDER_WAY,
  failed: UNDER_WAY,
};

/** `ota-{job}-{device}-{random}`: the reply names its target. */
const messageIdOf = (jobId: number, deviceId: number) =>
  `${OTA_MESSAGE_PREFIX}${jobId}-${deviceId}-${randomBytes(4).toString('hex')}`;
function targetOfMessage(id: string): { jobId: number; deviceId: number } | null {
  const match = /^ota-(\d+)-(\d+)-[0-9a-f]+$/.exec(id);
  return match ? { jobId: Number(match[1]), deviceId: Number(match[2]) } : null;
}

export class UpgradeDispatcher implements OtaListener {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly options: DispatcherOptions) {}

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.options.tickMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** One round: send, watch, finish. One round at a time; never throws. */
  tick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.running ??= this.round()
      .catch((error: unknown) => this.options.log.error({ err: error }, 'upgrade: a dispatch round failed'))
      .finally(() => (this.running = null));
    return this.running;
  }

  private async round() {
    await this.send();
    await this.watch();
  }

  /** Sends the `$ota` command to up to `perTick` online devices waiting for it. */
  private async send() {
    const { ctx, log } = this.options;
    const origin = this.options.origin();
    if (!origin) return;
    const now = ctx.now();
    const taken = await repo.takePending(ctx.db, this.options.perTick, now);
    for (const target of taken) {
      const token = makeToken(ctx.secrets, {
        deviceId: target.deviceId,
        jobId: target.jobId,
        firmwareId: target.firmwareId,
        expiresAt: now.getTime() + target.timeoutSeconds * 1000,
      });
      const url = `${origin}${API_PREFIX}${otaDownload.path}?token=${encodeURIComponent(token)}`;
      try {
        await this.options.publish(target.deviceKey, {
          id: messageIdOf(target.jobId, target.deviceId),
          ts: now.getTime(),
          service: OTA_SERVICE,
          params: {
            job: target.jobId,
            version: target.version,
            url,
            size: target.fileSize,
            sha256: target.checksum,
          },
        });
      } catch (error) {
        // The broker went away meanwhile: the device waits for the next round.
        log.warn({ err: error, jobId: target.jobId, deviceId: target.deviceId }, 'upgrade: not sent');
        await repo.moveTarget(ctx.db, target, ['sent'], { state: 'pending' }, now);
      }
    }
  }

  /** The watchdog, then the jobs with nothing left under way. */
  async watch() {
    const { ctx } = this.options;
    const now = ctx.now();
    await repo.failOverdue(ctx.db, now, {
      silent: (seconds) => zh('upgrade.fail.timeout', { seconds }),
      offline: zh('upgrade.fail.offline'),
    });
    await repo.finishDone(ctx.db, now);
  }

  async progress(device: DeviceIdentity, report: OtaProgress): Promise<void> {
    const { ctx } = this.options;
    const change =
      report.state === 'failed'
        ? { state: report.state, message: report.msg.slice(0, 200) }
        : { state: report.state, progress: report.state === 'succeeded' ? 100 : report.progress };
    await repo.moveTarget(
      ctx.db,
      { jobId: report.job, deviceId: device.id },
      REPORT_FROM[report.state],
      change,
      ctx.now(),
    );
    if (report.state === 'succeeded' || report.state === 'failed') await repo.finishDone(ctx.db, ctx.now());
  }

  async replied(device: DeviceIdentity, reply: ReplyPayload): Promise<void> {
    const target = targetOfMessage(reply.id);
    if (!target || target.deviceId !== device.id || reply.code === 0) return;
    const { ctx } = this.options;
    await repo.moveTarget(
      ctx.db,
      target,
      UNDER_WAY,
      { state: 'failed', message: zh('upgrade.fail.refused', { msg: reply.msg }) },
      ctx.now(),
    );
    await repo.finishDone(ctx.db, ctx.now());
  }

  /**
   * A device announced its firmware: the version sent completes its upgrade; another one after it
   * said it was installing means the installation did not take.
   */
  async firmware(device: DeviceIdentity, version: string): Promise<void> {
    const { ctx } = this.options;
    const target = await repo.activeTarget(ctx.db, device.id);
    if (!target) return;
    const key = { jobId: target.jobId, deviceId: device.id };
    if (version.toLowerCase() === target.version.toLowerCase())
      await repo.moveTarget(ctx.db, key, UNDER_WAY, { state: 'succeeded', progress: 100 }, ctx.now());
    else if (target.state === 'installing')
      await repo.moveTarget(
        ctx.db,
        key,
        ['installing'],
        { state: 'failed', message: zh('upgrade.fail.wrongVersion', { version }) },
        ctx.now(),
      );
    else return;
    await repo.finishDone(ctx.db, ctx.now());
  }
}
