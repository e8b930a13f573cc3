import { randomUUID } from 'node:crypto';
import {
  checkParams,
  TYPE_GATEWAY,
  type CommandRow,
  type ReplyPayload,
  type sendCommandSchema,
  type TextKey,
} from '@cityops/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../http/context.js';
import { refuse } from '../../http/envelope.js';
import type { Actor } from '../logs/audit.js';
import { checkVisible } from '../projects/service.js';
import { publish } from '../push/events.js';
import type { DeviceLink } from './broker.js';
import type { ProductModel } from './models.js';
import * as repo from './repository.js';
import type { DeviceIdentity } from './repository.js';

type SendInput = z.output<typeof sendCommandSchema>;
type Values = SendInput['params'];
/** Who sends a command: a user, or the platform itself (userId null, e.g. an automatic resend). */
export type CommandSender = Pick<Actor, 'account'> & { userId: number | null };
type CommandCtx = Pick<AppContext, 'db' | 'now' | 'access'>;

/**
 * Commands: a service call published to each device (QoS 1), recorded with its sender,
 * answered by the device's reply or timed out. The reply may reach another instance (shared
 * subscriptions): that one stores it and says `command.replied` on the bus, and the instance waiting
 * here resolves from the bus.
 */
export class CommandCenter {
  private readonly waiting = new Map<number, () => void>();

  constructor(
    private readonly deps: {
      ctx: CommandCtx;
      link: () => DeviceLink | null;
      /** Whether the device is connected now (the broker's live state, not only the registry's). */
      reachable(device: DeviceIdentity): boolean;
      model(productId: number): Promise<ProductModel | null>;
      timeoutMs: number;
      log: FastifyBaseLogger;
    },
  ) {}

  /** Sends `input.service` to each device; answers each device's command row once all are settled. */
  async send(actor: Actor, input: SendInput, gatewaysOnly: boolean): Promise<CommandRow[]> {
    const { ctx } = this.deps;
    const found = await repo.devicesByIds(ctx.db, input.deviceIds);
    const targets: DeviceIdentity[] = [];
    // Everything that refuses the whole request is checked before anything is sent.
    for (const deviceId of new Set(input.deviceIds)) {
      const device = found.find((row) => row.id === deviceId);
      if (!device || (gatewaysOnly && device.typeCode !== TYPE_GATEWAY)) return refuse('device.notFound');
      await checkVisible(ctx, ctx.db, actor.userId, device.projectId);
      if (!device.enabled) return refuse('command.disabled');
      const service = (await this.deps.model(device.productId))?.services.get(input.service);
      if (!service) return refuse('command.unknownService');
      const wrong = checkParams(service.params, input.params);
      if (wrong) return refuse(wrong.reason as TextKey);
      targets.push(device);
    }
    const link = this.deps.link();
    if (!link?.connected()) return refuse('command.brokerDown');
    const ids = await Promise.all(targets.map((device) => this.sendOne(link, actor, device, input)));
    return repo.commandRows(ctx.db, ids);
  }

  /**
   * A platform service outside the thing model (a `$` name, e.g. `$allowlist`, PROTOCOL.md): sent to
   * one device like any command (recorded with its sender, answered or timed out), skipping the model
   * check. `recorded` is what the command row keeps of the params (they may hold lists the row cannot).
   */
  async sendPlatform(
    sender: CommandSender,
    device: DeviceIdentity,
    service: `$${string}`,
    params: Record<string, unknown>,
    recorded: Values,
  ): Promise<CommandRow | null> {
    const link = this.deps.link();
    if (!link?.connected()) return null;
    const id = await this.sendOne(link, sender, device, { service, params: recorded }, params);
    const [row] = await repo.commandRows(this.deps.ctx.db, [id]);
    return row ?? null;
  }

  private async sendOne(
    link: DeviceLink,
    actor: CommandSender,
    device: DeviceIdentity,
    input: { service: string; params: Values },
    payloadParams: Record<string, unknown> = input.params,
  ) {
    const { ctx } = this.deps;
    const messageId = randomUUID();
    const sentAt = ctx.now();
    // A device that has just connected may not be written online yet: ask the broker.
    const online = this.deps.reachable(device);
    const commandId = await repo.insertCommand(ctx.db, {
      deviceId: device.id,
      messageId,
      service: input.service,
      params: input.params,
      state: online ? 'sent' : 'offline',
      senderId: actor.userId,
      sender: actor.account,
      sentAt,
    });
    if (!online) return commandId;
    const answered = new Promise<void>((resolve) => this.waiting.set(commandId, resolve));
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), this.deps.timeoutMs);
    });
    try {
      await link.publishCommand(device.deviceKey, {
        id: messageId,
        ts: sentAt.getTime(),
        service: input.service,
        params: payloadParams,
      });
      if ((await Promise.race([answered, timedOut])) === 'timeout')
        await repo.timeOutCommand(ctx.db, commandId);
    } catch (error) {
      this.deps.log.error({ err: error, commandId }, 'iot: a command could not be published');
      await repo.timeOutCommand(ctx.db, commandId);
    } finally {
      clearTimeout(timer);
      this.waiting.delete(commandId);
    }
    return commandId;
  }

  /** A device's reply, heard by this instance: stored, and every instance told. */
  async reply(device: DeviceIdentity, reply: ReplyPayload): Promise<void> {
    const { ctx } = this.deps;
    const commandId = await repo.answerCommand(
      ctx.db,
      reply.id,
      device.id,
      { code: reply.code, msg: reply.msg, data: reply.data ?? null },
      ctx.now(),
    );
    if (commandId === null) return;
    this.replied(commandId);
    await publish(ctx.db, { k: 'command.replied', commandId });
  }

  /** A command was answered (here or at another instance): whoever waits for it here stops waiting. */
  replied(commandId: number): void {
    this.waiting.get(commandId)?.();
  }
}
