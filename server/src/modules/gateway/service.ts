import {
  ALLOWLIST_DEVICE_TYPE,
  ALLOWLIST_MAX,
  ALLOWLIST_PAGE,
  ALLOWLIST_SERVICE,
  parseAllowlistLines,
  type AllowlistAddReport,
  type AllowlistGateway,
  type TextKey,
  type addAllowlistSchema,
  type allowlistEntryListRequestSchema,
  type allowlistGatewayListRequestSchema,
  type deleteAllowlistSchema,
} from '@cityops/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../db/connection.js';
import type { AppContext } from '../../http/context.js';
import { refuse } from '../../http/envelope.js';
import { projectScope } from '../devices/service.js';
import { recordAudit, type Actor } from '../logs/audit.js';
import { checkVisible } from '../projects/service.js';
import type { CommandSender } from '../iot/commands.js';
import { devicesByIds, type DeviceIdentity } from '../iot/repository.js';
import type { IotRuntime } from '../iot/runtime.js';
import * as repo from './repository.js';

/**
 * Gateway allowlists (page white): each gateway's list of node addresses, changed here
 * and sent whole to the gateway as the reserved `$allowlist` command; the revision the gateway
 * confirms is kept, and a gateway that comes online with an older one is sent the list again.
 */

type Ctx = Pick<AppContext, 'db' | 'now' | 'access'>;

/** The platform's own sender of the automatic sends. */
const PLATFORM_SENDER: CommandSender = { userId: null, account: 'system' };

/** How a send ended: null when the gateway confirmed the list, else the text key of why not. */
type SendOutcome = { key: TextKey; values?: Record<string, string> } | null;

/**
 * How long after a gateway connects its list is checked when it says nothing on `status`: long enough
 * for it to subscribe to its `command` topic first (a device that publishes its status is checked then).
 */
export const RESEND_AFTER_CONNECT_MS = 2_000;

interface SendOptions {
  /** The gateway just came online, though the registry may not say so yet. */
  assumeOnline?: boolean;
  /** Only when the gateway has not confirmed the current revision (the automatic resend). */
  onlyIfOutdated?: boolean;
}

export class AllowlistSync {
  /** The last send queued per gateway: sends of one gateway run one after another. */
  private readonly running = new Map<number, Promise<SendOutcome>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly ctx: Ctx,
    private readonly runtime: IotRuntime,
    private readonly log: FastifyBaseLogger,
  ) {
    runtime.onlineListeners.add((device, how) => this.cameOnline(device, how));
  }

  /** Sends the gateway its whole list, after any send already under way; answers how it ended. */
  send(sender: CommandSender, gatewayId: number, options: SendOptions = {}): Promise<SendOutcome> {
    const before = this.running.get(gatewayId) ?? Promise.resolve(null);
    const next = before.catch(() => null).then(() => this.sendOnce(sender, gatewayId, options));
    this.running.set(gatewayId, next);
    void next
      .catch(() => null)
      .finally(() => {
        if (this.running.get(gatewayId) === next) this.running.delete(gatewayId);
      });
    return next;
  }

  /** Sends in the background (after a change, or a reconnection); failures are recorded, not thrown. */
  sendLater(gatewayId: number, options: SendOptions = {}): void {
    if (this.stopped) return;
    this.send(PLATFORM_SENDER, gatewayId, options).catch((error: unknown) =>
      this.log.error({ err: error, gatewayId }, 'gateway: the allowlist could not be sent'),
    );
  }

  /** Resolves when the sends queued for this gateway so far are done (tests wait for the background ones). */
  settled(gatewayId: number): Promise<SendOutcome> {
    return this.running.get(gatewayId) ?? Promise.resolve(null);
  }

  /** No more automatic sends (the server closes). */
  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private cameOnline(device: DeviceIdentity, how: 'connected' | 'status') {
    if (device.typeCode !== ALLOWLIST_DEVICE_TYPE || this.stopped) return;
    const resend = () => this.sendLater(device.id, { assumeOnline: true, onlyIfOutdated: true });
    if (how === 'status') return resend();
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      resend();
    }, RESEND_AFTER_CONNECT_MS);
    timer.unref();
    this.timers.add(timer);
  }

  private async sendOnce(
    sender: CommandSender,
    gatewayId: number,
    options: SendOptions,
  ): Promise<SendOutcome> {
    const { db } = this.ctx;
    if (this.stopped) return null;
    if (options.onlyIfOutdated && !(await repo.outdated(db, gatewayId))) return null;
    const [device] = await devicesByIds(db, [gatewayId]);
    if (!device || device.typeCode !== ALLOWLIST_DEVICE_TYPE) return { key: 'allowlist.notGateway' };
    const failed = async (outcome: NonNullable<SendOutcome>) => {
      const reason =
        outcome.key === 'allowlist.refused' ? (outcome.values?.message ?? outcome.key) : outcome.key;
      await repo.recordFailure(db, gatewayId, reason, this.ctx.now());
      return outcome;
    };
    if (!device.enabled) return failed({ key: 'allowlist.disabled' });
    const revision = await repo.currentRevision(db, gatewayId);
    const addresses = await repo.addressesOf(db, gatewayId);
    const command = await this.runtime.commands.sendPlatform(
      sender,
      { ...device, online: device.online || options.assumeOnline === true },
      ALLOWLIST_SERVICE,
      { revision, addresses },
      { revision, count: addresses.length },
    );
    if (!command) return failed({ key: 'allowlist.brokerDown' });
    switch (command.state) {
      case 'succeeded':
        await repo.confirmRevision(db, gatewayId, revision, this.ctx.now());
        return null;
      case 'offline':
        return failed({ key: 'allowlist.offline' });
      case 'failed':
        return failed({
          key: 'allowlist.refused',
          values: { message: command.replyMessage || String(command.replyCode) },
        });
      default:
        return failed({ key: 'allowlist.timeout' });
    }
  }
}

const scopeOf = (ctx: Ctx, userId: number) => projectScope(ctx, ctx.db, userId);

async function visibleGateway(ctx: Ctx, db: Database, userId: number, gatewayId: number) {
  const gateway = (await repo.findGateway(db, gatewayId)) ?? refuse('allowlist.notGateway');
  await checkVisible(ctx, db, userId, gateway.projectId);
  return gateway;
}

const reread = async (db: Database, gatewayId: number) =>
  (await repo.findGateway(db, gatewayId)) ?? refuse('allowlist.notGateway');

export async function gatewayPage(
  ctx: Ctx,
  userId: number,
  request: z.output<typeof allowlistGatewayListRequestSchema>,
) {
  return repo.gatewayPage(ctx.db, request, await scopeOf(ctx, userId));
}

export async function entryPage(
  ctx: Ctx,
  userId: number,
  request: z.output<typeof allowlistEntryListRequestSchema>,
) {
  await visibleGateway(ctx, ctx.db, userId, request.gatewayId);
  return repo.entryPage(ctx.db, request);
}

/**
 * Adds the pasted lines: each checked (format, repeated in the paste, already listed, the limit),
 * the good ones added, the others answered with their reason; then the list is sent if it changed.
 */
export async function addEntries(
  ctx: Ctx,
  sync: AllowlistSync,
  actor: Actor,
  input: z.output<typeof addAllowlistSchema>,
): Promise<AllowlistAddReport> {
  const lines = parseAllowlistLines(input.text);
  if (lines.length === 0) refuse('allowlist.noLines');
  const { gatewayId } = input;
  const now = ctx.now();
  const report = await ctx.db.transaction(async (tx) => {
    const gateway = await visibleGateway(ctx, tx, actor.userId, gatewayId);
    await repo.lockGateway(tx, gatewayId);
    const listed = new Set((await repo.addressesOf(tx, gatewayId)).map((address) => address.toLowerCase()));
    const refused: AllowlistAddReport['refused'] = [];
    const added: { address: string; name: string; remarks: string }[] = [];
    for (const line of lines) {
      const reason =
        line.problem ??
        (listed.has(line.address.toLowerCase())
          ? 'allowlist.duplicate'
          : listed.size >= ALLOWLIST_MAX
            ? 'allowlist.full'
            : null);
      if (reason) {
        refused.push({ line: line.line, address: line.address, reason });
        continue;
      }
      listed.add(line.address.toLowerCase());
      added.push({ address: line.address, name: line.name, remarks: line.remarks });
    }
    await repo.insertEntries(
      tx,
      added.map((entry) => ({ ...entry, gatewayId, editor: actor.account, createdAt: now })),
    );
    if (added.length > 0) {
      await repo.bumpRevision(tx, gatewayId, now);
      await recordAudit(tx, actor, now, {
        module: ALLOWLIST_PAGE,
        action: 'create',
        targetId: gatewayId,
        targetName: gateway.name,
        detail: added
          .map((entry) => entry.address)
          .join(',')
          .slice(0, 500),
      });
    }
    return { added: added.length, refused, gateway: await reread(tx, gatewayId) };
  });
  if (report.added > 0) sync.sendLater(gatewayId);
  return report;
}

export async function deleteEntries(
  ctx: Ctx,
  sync: AllowlistSync,
  actor: Actor,
  input: z.output<typeof deleteAllowlistSchema>,
): Promise<AllowlistGateway> {
  const now = ctx.now();
  const { gatewayId } = input;
  const [gateway, removed] = await ctx.db.transaction(async (tx) => {
    const found = await visibleGateway(ctx, tx, actor.userId, gatewayId);
    await repo.lockGateway(tx, gatewayId);
    const gone = await repo.deleteEntries(tx, gatewayId, input.ids);
    if (gone > 0) {
      await repo.bumpRevision(tx, gatewayId, now);
      await recordAudit(tx, actor, now, {
        module: ALLOWLIST_PAGE,
        action: 'delete',
        targetId: gatewayId,
        targetName: found.name,
        detail: `${gone}`,
      });
    }
    return [await reread(tx, gatewayId), gone] as const;
  });
  if (removed > 0) sync.sendLater(gatewayId);
  return gateway;
}

/** Sync now: sends the list and waits for the gateway; a failure is recorded and refused with its reason. */
export async function syncNow(ctx: Ctx, sync: AllowlistSync, actor: Actor, gatewayId: number) {
  await visibleGateway(ctx, ctx.db, actor.userId, gatewayId);
  const outcome = await sync.send(actor, gatewayId);
  if (outcome) refuse(outcome.key, outcome.values);
  return reread(ctx.db, gatewayId);
}
