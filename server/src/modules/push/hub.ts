import type { Message, PushServerFrame } from '@cityops/contract';
import { PUSH_CLOSE } from '@cityops/contract';
import type { FastifyBaseLogger } from 'fastify';
import { SocketsPerUser } from '../../http/sessionSocket.js';
import type { BusEvent } from './events.js';

/** What the hub reads about messages (modules/messages/delivery.ts answers it from the database). */
export interface MessageSource {
  /** The event's messages for those of `userIds` it was sent to, with their unread counts after it. */
  deliveriesOf(
    eventId: number,
    userIds: readonly number[],
  ): Promise<Array<{ userId: number; message: Message; noReadCount: number }>>;
  /** A user's newest unread messages (at most `limit`) and unread count. */
  unreadState(userId: number, limit: number): Promise<{ messageList: Message[]; noReadCount: number }>;
  unreadCounts(userIds: readonly number[]): Promise<Map<number, number>>;
}

/** One signed-in push socket, as the hub sees it. */
export interface PushPeer {
  readonly userId: number;
  readonly sessionId: number;
  send(frame: PushServerFrame): void;
  close(code: number, reason: string): void;
}

/**
 * The signed-in push sockets of this instance, and what each bus event means for them. Every instance
 * hears every event (modules/push/events.ts); each delivers to the sockets it holds.
 */
export class PushHub {
  private readonly byUser = new Map<number, Set<PushPeer>>();

  constructor(
    private readonly deps: {
      source: MessageSource;
      /** Forgets this instance's cached permissions (what `access` events mean here). */
      forgetAccess(): void;
      log: FastifyBaseLogger;
    },
  ) {}

  /** How many sockets each user holds here (serveSessionSocket refuses those past the limit). */
  readonly perUser = new SocketsPerUser();

  add(peer: PushPeer): void {
    const peers = this.byUser.get(peer.userId) ?? new Set<PushPeer>();
    peers.add(peer);
    this.byUser.set(peer.userId, peers);
  }

  remove(peer: PushPeer): void {
    const peers = this.byUser.get(peer.userId);
    if (!peers?.delete(peer)) return;
    if (peers.size === 0) this.byUser.delete(peer.userId);
  }

  private *peers(userIds?: Iterable<number>): Generator<PushPeer> {
    if (!userIds) {
      for (const peers of this.byUser.values()) yield* peers;
      return;
    }
    for (const userId of userIds) yield* this.byUser.get(userId) ?? [];
  }

  private local(userIds: readonly number[]): number[] {
    return [...new Set(userIds)].filter((id) => this.byUser.has(id));
  }

  private async sendCounts(userIds: readonly number[]) {
    if (userIds.length === 0) return;
    const counts = await this.deps.source.unreadCounts(userIds);
    for (const userId of userIds) {
      const noReadCount = counts.get(userId) ?? 0;
      for (const peer of this.peers([userId])) peer.send({ status_code: 1, type: 'count', noReadCount });
    }
  }

  /** What one bus event means for the sockets here. Failures are logged, never thrown. */
  async handle(event: BusEvent): Promise<void> {
    try {
      await this.apply(event);
    } catch (error) {
      this.deps.log.error({ err: error, event: event.k }, 'push: an event could not be delivered');
    }
  }

  private async apply(event: BusEvent) {
    switch (event.k) {
      case 'message': {
        const users = [...this.byUser.keys()];
        if (users.length === 0) return;
        for (const { userId, message, noReadCount } of await this.deps.source.deliveriesOf(
          event.eventId,
          users,
        )) {
          const frame: PushServerFrame = {
            status_code: 1,
            type: 'messages',
            fresh: true,
            messageList: [message],
            noReadCount,
          };
          for (const peer of this.peers([userId])) peer.send(frame);
        }
        return;
      }
      case 'read':
        return this.sendCounts(this.local(event.userIds));
      case 'access': {
        this.deps.forgetAccess();
        const targets = event.userIds ? this.local(event.userIds) : undefined;
        for (const peer of this.peers(targets))
          peer.send({ status_code: 1, type: 'changed', what: 'access' });
        return;
      }
      case 'dictionary':
        for (const peer of this.peers()) peer.send({ status_code: 1, type: 'changed', what: 'dictionary' });
        return;
      case 'sessions': {
        const ended = new Set(event.sessionIds);
        for (const peer of [...this.peers()])
          if (ended.has(peer.sessionId)) peer.close(PUSH_CLOSE.unauthorized, 'session ended');
        return;
      }
    }
  }

  /**
   * After events may have been missed (the listening connection was lost): every socket gets its
   * count again, and permissions are read afresh.
   */
  async resync(): Promise<void> {
    this.deps.forgetAccess();
    try {
      await this.sendCounts([...this.byUser.keys()]);
    } catch (error) {
      this.deps.log.error({ err: error }, 'push: counts could not be sent again');
    }
  }

  closeAll(code: number, reason: string): void {
    for (const peer of [...this.peers()]) peer.close(code, reason);
  }
}
