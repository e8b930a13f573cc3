import { PLUGIN_CODE, type PluginControlState, type PluginEvent, type PluginRect } from '@cityops/contract';
import type { PluginContext, WindowHost } from './context.js';
import { gridCells } from './grid.js';
import { PlatformFailure, type ArtemisClient } from './platform/artemisClient.js';
import { PluginFailure, type Say } from './texts.js';
import { VideoWindow } from './videoWindow.js';

/**
 * A control: the grid of native windows over one container of the page, the platform it plays
 * from (after init) and the socket that owns it. Requests on one control run one at a time.
 */
export class Control implements WindowHost {
  visible = true;
  private platform: ArtemisClient | undefined;
  private readonly windows = new Map<number, VideoWindow>();
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    readonly id: string,
    private rect: PluginRect,
    private wndCount: number,
    readonly context: PluginContext,
    private readonly send: (event: PluginEvent) => void,
  ) {}

  emit(event: PluginEvent): void {
    this.send(event);
  }

  cell(wndId: number): PluginRect {
    return gridCells(this.rect, this.wndCount)[wndId - 1] ?? this.rect;
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task);
    this.tail = result.catch(() => undefined);
    return result;
  }

  window(wndId: number): VideoWindow {
    if (wndId > this.wndCount)
      throw new PluginFailure(PLUGIN_CODE.NOT_READY, this.context.say('videoPlugin.noWindow', { wndId }));
    let window = this.windows.get(wndId);
    if (!window) {
      window = new VideoWindow(wndId, this);
      this.windows.set(wndId, window);
    }
    return window;
  }

  /** Checks the key and secret with the platform before keeping them. */
  async init(client: ArtemisClient): Promise<void> {
    try {
      await client.check();
    } catch (error) {
      throw platformFailure(error, this.context.say, client.host);
    }
    this.platform = client;
  }

  get initialised(): boolean {
    return this.platform !== undefined;
  }

  /** A call to the platform of init, its failures turned into answers. */
  async callPlatform<T>(call: (client: ArtemisClient) => Promise<T>): Promise<T> {
    const client = this.platform;
    if (!client)
      throw new PluginFailure(PLUGIN_CODE.NOT_READY, this.context.say('videoPlugin.notInitialised'));
    try {
      return await call(client);
    } catch (error) {
      throw platformFailure(error, this.context.say, client.host);
    }
  }

  /**
   * Starts every window of a camList at once. Windows that start keep playing when others fail, and
   * the answer carries the first failure; when all start, data.windows lists them.
   */
  async playAll<T extends { wndId: number; cameraIndexCode: string }>(
    items: readonly T[],
    urlOf: (item: T) => Promise<string>,
  ): Promise<{ windows: { wndId: number; code: number }[] }> {
    if (!this.initialised)
      throw new PluginFailure(PLUGIN_CODE.NOT_READY, this.context.say('videoPlugin.notInitialised'));
    const windows = items.map((item) => ({ item, window: this.window(item.wndId) }));
    const results = await Promise.allSettled(
      windows.map(async ({ item, window }) => window.play(await urlOf(item), item.cameraIndexCode)),
    );
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    return { windows: items.map((item) => ({ wndId: item.wndId, code: PLUGIN_CODE.OK })) };
  }

  async moveTo(rect: PluginRect): Promise<void> {
    this.rect = rect;
    await Promise.all([...this.windows.values()].map((window) => window.place()));
  }

  async layout(wndCount: number): Promise<void> {
    const dropped = [...this.windows.values()].filter((window) => window.wndId > wndCount);
    for (const window of dropped) this.windows.delete(window.wndId);
    this.wndCount = wndCount;
    await Promise.all([
      ...dropped.map((window) => window.stop()),
      ...[...this.windows.values()].map((window) => window.place()),
    ]);
  }

  async setVisible(visible: boolean): Promise<void> {
    this.visible = visible;
    await Promise.all([...this.windows.values()].map((window) => window.setVisible(visible)));
  }

  async stop(wndId?: number): Promise<void> {
    const windows = wndId === undefined ? [...this.windows.values()] : [this.window(wndId)];
    await Promise.all(windows.map((window) => window.stop()));
  }

  /** Stops every window (recordings in progress are saved). */
  async destroy(): Promise<void> {
    await this.stop();
    this.windows.clear();
  }

  describe(): PluginControlState {
    return {
      controlId: this.id,
      rect: this.rect,
      visible: this.visible,
      initialised: this.initialised,
      windows: Array.from({ length: this.wndCount }, (_, i) => {
        const window = this.windows.get(i + 1);
        return window ? window.describe() : { wndId: i + 1, state: 'idle', recording: false, talking: false };
      }),
    };
  }
}

function platformFailure(error: unknown, say: Say, host: string): Error {
  if (error instanceof PluginFailure) return error;
  if (error instanceof PlatformFailure) {
    const msg =
      error.kind === 'unreachable'
        ? say('videoPlugin.platformUnreachable', { host })
        : say('videoPlugin.platformRefused', { reason: error.reason });
    return new PluginFailure(PLUGIN_CODE.PLATFORM, msg);
  }
  return error instanceof Error ? error : new Error(String(error));
}
