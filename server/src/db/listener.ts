import pg from 'pg';

/**
 * One LISTEN connection per server instance (ARCHITECTURE "Push to browsers"): every user of
 * `DatabaseHandle.listen` (the message push, the device runtime, tests) subscribes here, and one
 * PostgreSQL connection carries every channel any of them hears. The connection opens with the first
 * subscriber and closes with the last. When it is lost it comes back by itself, with a pause doubling
 * from 1 s to 30 s, listens again on every channel, and then runs each subscriber's `onReconnect`,
 * since notifications sent meanwhile were missed.
 */

/** How long a lost listening connection waits before trying again: doubling from 1 s to 30 s. */
export const LISTEN_RETRY_MS = { min: 1_000, max: 30_000 };

/** The application_name of the listening connection, so operators (and tests) can tell it apart. */
export const LISTEN_APPLICATION = 'cityops-listen';

interface Subscriber {
  channel: string;
  onPayload(payload: string): void;
  onReconnect?: (() => void) | undefined;
}

export class ListenMultiplexer {
  private readonly subscribers = new Set<Subscriber>();
  /** The channels the current connection has run LISTEN for. */
  private readonly listening = new Set<string>();
  private client: pg.Client | null = null;
  private retry: NodeJS.Timeout | undefined;
  private pauseMs = LISTEN_RETRY_MS.min;
  private closed = false;
  /** Connection and LISTEN/UNLISTEN work, one step at a time. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly url: string) {}

  /** Whether a listening connection is open now (tests, health). */
  get connected(): boolean {
    return this.client !== null;
  }

  /**
   * Calls `onPayload` with each NOTIFY on `channel` until the returned stop is called. Resolves once
   * the channel is listened to (rejects, adding nothing, when the server cannot be reached).
   */
  async listen(
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>> {
    if (this.closed) throw new Error('the database is closed');
    const subscriber: Subscriber = { channel, onPayload, onReconnect };
    const earlier = await this.serial(async () => {
      const restored = await this.restore();
      await this.listenOn(channel);
      this.subscribers.add(subscriber);
      return restored;
    });
    // The connection was down and this call brought it back: the others missed notifications.
    if (earlier.length > 0) this.reconnected(earlier);
    return () => this.unsubscribe(subscriber);
  }

  /** Stops every subscription and closes the connection. */
  async close(): Promise<void> {
    this.closed = true;
    this.subscribers.clear();
    clearTimeout(this.retry);
    await this.serial(() => this.disconnect());
  }

  private serial<T>(step: () => Promise<T>): Promise<T> {
    const next = this.queue.then(step, step);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async unsubscribe(subscriber: Subscriber) {
    if (!this.subscribers.delete(subscriber)) return;
    await this.serial(async () => {
      const still = [...this.subscribers].some((other) => other.channel === subscriber.channel);
      if (this.subscribers.size === 0) {
        clearTimeout(this.retry);
        await this.disconnect();
      } else if (!still && this.listening.delete(subscriber.channel)) {
        await this.client
          ?.query(`UNLISTEN ${pg.escapeIdentifier(subscriber.channel)}`)
          .catch(() => undefined);
      }
    });
  }

  private async listenOn(channel: string) {
    if (this.listening.has(channel) || !this.client) return;
    await this.client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    this.listening.add(channel);
  }

  /**
   * Connects if the connection is down and listens on every channel still wanted; answers the
   * subscribers that were there while it was down (they missed notifications).
   */
  private async restore(): Promise<Subscriber[]> {
    if (this.client) return [];
    try {
      await this.ensureConnected();
      for (const channel of new Set([...this.subscribers].map((subscriber) => subscriber.channel)))
        await this.listenOn(channel);
    } catch (error) {
      // The connection may have opened and a LISTEN failed: start over from nothing.
      await this.disconnect();
      throw error;
    }
    return [...this.subscribers];
  }

  private reconnected(subscribers: readonly Subscriber[]) {
    this.pauseMs = LISTEN_RETRY_MS.min;
    for (const subscriber of subscribers) if (this.subscribers.has(subscriber)) subscriber.onReconnect?.();
  }

  private async ensureConnected() {
    if (this.client) return;
    // A pending reconnection timer stays: it finds the connection back, or tries again.
    const next = new pg.Client({ connectionString: this.url, application_name: LISTEN_APPLICATION });
    next.on('notification', (note) => {
      for (const subscriber of this.subscribers)
        if (subscriber.channel === note.channel) subscriber.onPayload(note.payload ?? '');
    });
    const lost = () => {
      if (this.client !== next) return;
      this.client = null;
      this.listening.clear();
      next.end().catch(() => undefined);
      this.schedule();
    };
    next.on('error', lost);
    next.on('end', lost);
    try {
      await next.connect();
    } catch (error) {
      next.end().catch(() => undefined);
      throw error;
    }
    this.client = next;
    this.listening.clear();
  }

  private async disconnect() {
    const last = this.client;
    this.client = null;
    this.listening.clear();
    await last?.end().catch(() => undefined);
  }

  /** After a loss: try again later, listen on every channel still wanted, then tell the subscribers. */
  private schedule() {
    if (this.closed || this.subscribers.size === 0) return;
    clearTimeout(this.retry);
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.serial(() => (this.closed ? Promise.resolve([]) : this.restore())).then(
        (earlier) => this.reconnected(earlier),
        () => {
          this.pauseMs = Math.min(this.pauseMs * 2, LISTEN_RETRY_MS.max);
          this.schedule();
        },
      );
    }, this.pauseMs);
    this.retry.unref();
  }
}
