import {
  PLUGIN_CODE,
  pluginAnswerData,
  type PlatformInfo,
  type PluginAnswer,
  type PluginEvent,
  type PluginMethod,
  type PluginRect,
  type VideoDevice,
} from '@cityops/contract';
import type { PlayMode } from '../playList.js';
import { checkCamList, pluginCamList, pluginWndCount } from './camList.js';
import { PluginRequestError, type PluginClient, type PluginParams } from './client.js';
import { encryptForPlugin, importPluginKey } from './secret.js';

/**
 * Where the camera platform's key, secret and host come from (POST /videoMonitor/hik/getPlatFormInfo,
 * asked once per grid: createPluginPlatformSource says why getAppSecret is not asked as well).
 */
export interface PluginPlatformSource {
  /** Rejects with the server's message when it has one (the caller shows it), else with none. */
  getPlatformInfo(): Promise<PlatformInfo>;
}

/** A text key of the ui namespace with its values, or a text the plug-in or the server said. */
export type Notice =
  | { level: 'FAIL' | 'WARN' | 'SUCCESS' | 'TIPS'; key: NoticeKey; values?: Record<string, string | number> }
  | { level: 'FAIL'; text: string };

export type NoticeKey =
  | 'video.plugin.platformInfoFailed'
  | 'video.plugin.platformInfoError'
  | 'video.plugin.initUrlError'
  | 'video.plugin.deviceInitError'
  | 'video.plugin.deviceInitFailed'
  | 'video.plugin.publicKeyFailed'
  | 'video.plugin.createWindowFailed'
  | 'video.plugin.serviceFailed'
  | 'video.plugin.playInitFailed'
  | 'video.plugin.callFailed'
  | 'video.plugin.missingCamera'
  | 'video.plugin.missingStart'
  | 'video.plugin.missingEnd'
  | 'video.plugin.snapshotSaved'
  | 'video.plugin.recordSaved'
  | 'video.talkOn'
  | 'video.talkOff'
  | 'video.selectPlayingWindow';

/** A window of the control as the toolbar sees it. */
export interface PluginWindow {
  wndId: number;
  cameraIndexCode: string;
  recording: boolean;
  talking: boolean;
}

export interface ControlState {
  controlId: string | null;
  wndCount: number;
  windows: PluginWindow[];
  /** The window the toolbar acts on (1-based). */
  selected: number;
  visible: boolean;
}

export interface PluginControlOptions {
  client: PluginClient;
  platform: PluginPlatformSource;
  notify(notice: Notice): void;
  now?: () => number;
  /** WebCrypto; tests may hand in another. */
  subtle?: SubtleCrypto;
}

/** A step of opening the control failed; its notice was given already. */
export class ControlFailed extends Error {
  constructor(readonly step: string) {
    super(step);
    this.name = 'ControlFailed';
  }
}

/**
 * One grid of the plug-in's native windows over one container of the page: created with the
 * platform's (encrypted) secret, then fed play lists; every answer with a code other than 0 shows its
 * msg (§8, 3 s). Owns nothing of React: the component drives it.
 */
export class PluginControl {
  private readonly client: PluginClient;
  private readonly options: PluginControlOptions;
  private state: ControlState = { controlId: null, wndCount: 1, windows: [], selected: 1, visible: true };
  private readonly listeners = new Set<() => void>();
  private destroyed = false;
  /** What play() last started (mode and cameras), so the same choice is not started twice. */
  private played: string | null = null;

  constructor(options: PluginControlOptions) {
    this.client = options.client;
    this.options = options;
  }

  snapshotState = (): ControlState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(next: Partial<ControlState>) {
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }

  private notify(notice: Notice) {
    this.options.notify(notice);
  }

  /**
   * Sends one request. An answer with code 0 gives its data; another code shows the plug-in's msg
   * (or `fallback` when it has none) and fails; no answer at all shows `lost`.
   */
  private async ask<M extends PluginMethod>(
    method: M,
    params: PluginParams<M>,
    texts: { fallback: NoticeKey; lost?: NoticeKey },
  ): Promise<PluginAnswer> {
    let answer: PluginAnswer;
    try {
      answer = await this.client.request(method, params);
    } catch (error) {
      this.notify({ level: 'FAIL', key: texts.lost ?? texts.fallback });
      throw error instanceof PluginRequestError ? new ControlFailed(method) : error;
    }
    if (answer.code !== PLUGIN_CODE.OK) {
      this.notify(answer.msg ? { level: 'FAIL', text: answer.msg } : { level: 'FAIL', key: texts.fallback });
      throw new ControlFailed(method);
    }
    return answer;
  }

  /** The platform's key, secret and host; 平台信息初始化失败 when one is missing. */
  private async platformInfo(): Promise<PlatformInfo> {
    let info: PlatformInfo;
    try {
      info = await this.options.platform.getPlatformInfo();
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      this.notify(
        message ? { level: 'FAIL', text: message } : { level: 'FAIL', key: 'video.plugin.platformInfoError' },
      );
      throw new ControlFailed('platformInfo');
    }
    if (!info.appKey || !info.appSecret || !info.appHost) {
      this.notify({ level: 'FAIL', key: 'video.plugin.platformInfoFailed' });
      throw new ControlFailed('platformInfo');
    }
    return info;
  }

  /** The secret and the time, encrypted with the plug-in's public key (获取公钥失败… when that fails). */
  private async sealed(secret: string, time: number): Promise<{ appSecret: string; timeSecret: string }> {
    const answer = await this.ask('getPublicKey', {}, { fallback: 'video.plugin.publicKeyFailed' });
    const data = pluginAnswerData.getPublicKey.safeParse(answer.data);
    try {
      const key = await importPluginKey(
        data.success ? data.data.publicKey : this.client.hello.publicKey,
        this.options.subtle,
      );
      return {
        appSecret: await encryptForPlugin(key, secret, this.options.subtle),
        timeSecret: await encryptForPlugin(key, String(time), this.options.subtle),
      };
    } catch {
      this.notify({ level: 'FAIL', key: 'video.plugin.publicKeyFailed' });
      throw new ControlFailed('getPublicKey');
    }
  }

  /**
   * Creates the grid over `rect` and initialises it with the platform: getPlatFormInfo, the public
   * key, window.create (创建播放窗口失败，请稍后刷新页面重试！), init (设备初始化异常 without key and
   * secret, 设备初始化失败 / 初始化URL异常 on a refusal, 播放初始化失败… without an answer).
   */
  async open(rect: PluginRect, cameras: number): Promise<void> {
    const info = await this.platformInfo();
    // Epoch milliseconds; the plug-in refuses a time older than PLUGIN_TIMING.secretMaxAgeMs.
    const time = Math.floor((this.options.now ?? Date.now)());
    const secrets = await this.sealed(info.appSecret, time);
    const wndCount = pluginWndCount(cameras);
    const created = await this.ask(
      'window.create',
      { rect, wndCount },
      { fallback: 'video.plugin.createWindowFailed', lost: 'video.plugin.createWindowFailed' },
    );
    const data = pluginAnswerData['window.create'].safeParse(created.data);
    if (!data.success) {
      this.notify({ level: 'FAIL', key: 'video.plugin.createWindowFailed' });
      throw new ControlFailed('window.create');
    }
    const { controlId } = data.data;
    if (this.destroyed) {
      void this.client.request('window.destroy', { controlId }).catch(() => undefined);
      throw new ControlFailed('destroyed');
    }
    this.set({ controlId, wndCount });
    if (!info.appKey || !secrets.appSecret) {
      this.notify({ level: 'FAIL', key: 'video.plugin.deviceInitError' });
      throw new ControlFailed('init');
    }
    const https = /^https:/i.test(info.appHost);
    const host = info.appHost.replace(/^https?:\/\//i, '');
    const init = await this.client
      .request('init', { controlId, appKey: info.appKey, time, host, https, ...secrets })
      .catch(() => null);
    if (!init) {
      this.notify({ level: 'FAIL', key: 'video.plugin.playInitFailed' });
      throw new ControlFailed('init');
    }
    if (init.code !== PLUGIN_CODE.OK) {
      const fallback =
        init.code === PLUGIN_CODE.PLATFORM ? 'video.plugin.initUrlError' : 'video.plugin.deviceInitFailed';
      this.notify(init.msg ? { level: 'FAIL', text: init.msg } : { level: 'FAIL', key: fallback });
      throw new ControlFailed('init');
    }
  }

  get controlId(): string | null {
    return this.state.controlId;
  }

  /**
   * Plays `devices` one per window (live: realmonitor, playback: playback with their ranges), the grid
   * fitted to their count; §5's checks first (第N个缺失监控的编号, …). An empty list stops every window.
   */
  async play(mode: PlayMode, devices: readonly VideoDevice[]): Promise<void> {
    const controlId = this.state.controlId;
    if (!controlId) return;
    // A kept-alive page runs its effects again when it comes back to the front; the same cameras are
    // then playing already, and playing them again would blank and re-buffer every window.
    const chosen = `${mode}:${JSON.stringify(devices)}`;
    if (chosen === this.played) return;
    const camList = pluginCamList(mode, devices, (this.options.now ?? Date.now)());
    const problem = checkCamList(mode, camList);
    if (problem) {
      this.notify({ level: 'WARN', key: problem.key, values: { n: problem.n } });
      return;
    }
    const lost = { fallback: 'video.plugin.playInitFailed', lost: 'video.plugin.serviceFailed' } as const;
    await this.ask('stop', { controlId }, lost);
    this.set({ windows: [] });
    if (camList.length === 0) return;
    const wndCount = pluginWndCount(camList.length);
    if (wndCount !== this.state.wndCount) {
      await this.ask('window.layout', { controlId, wndCount }, lost);
      this.set({ wndCount });
    }
    await this.ask(mode === 'live' ? 'realmonitor' : 'playback', { controlId, camList }, lost);
    this.played = chosen;
    this.set({
      windows: camList.map((item) => ({
        wndId: item.wndId,
        cameraIndexCode: item.cameraIndexCode,
        recording: false,
        talking: false,
      })),
      selected: Math.min(this.state.selected, camList.length) || 1,
    });
  }

  select(wndId: number): void {
    this.set({ selected: wndId });
  }

  /** The selected window while it plays, else 请先选中一个正在播放的窗体. */
  private playing(): PluginWindow | null {
    const window = this.state.windows.find((entry) => entry.wndId === this.state.selected);
    if (!window) this.notify({ level: 'WARN', key: 'video.selectPlayingWindow' });
    return window ?? null;
  }

  private patchWindow(wndId: number, patch: Partial<PluginWindow>) {
    this.set({
      windows: this.state.windows.map((entry) => (entry.wndId === wndId ? { ...entry, ...patch } : entry)),
    });
  }

  private readonly local = {
    fallback: 'video.plugin.serviceFailed',
    lost: 'video.plugin.serviceFailed',
  } as const;

  /** Stops the selected window. */
  async stopSelected(): Promise<void> {
    const controlId = this.state.controlId;
    const window = this.playing();
    if (!controlId || !window) return;
    await this.ask('stop', { controlId, wndId: window.wndId }, this.local);
    this.set({ windows: this.state.windows.filter((entry) => entry.wndId !== window.wndId) });
  }

  async stopAll(): Promise<void> {
    const controlId = this.state.controlId;
    if (!controlId) return;
    await this.ask('stop', { controlId }, this.local);
    this.set({ windows: [] });
  }

  /** A still of the selected window; the message says where it was saved. */
  async snapshot(): Promise<string | null> {
    const controlId = this.state.controlId;
    const window = this.playing();
    if (!controlId || !window) return null;
    const answer = await this.ask('snapshot', { controlId, wndId: window.wndId }, this.local);
    const path = pathOf(answer);
    this.notify({ level: 'SUCCESS', key: 'video.plugin.snapshotSaved', values: { path } });
    return path;
  }

  /** Local recording of the selected window on or off; on stop, 本地录像已存到 {path}. */
  async toggleRecord(): Promise<void> {
    const controlId = this.state.controlId;
    const window = this.playing();
    if (!controlId || !window) return;
    if (!window.recording) {
      await this.ask('record.start', { controlId, wndId: window.wndId }, this.local);
      this.patchWindow(window.wndId, { recording: true });
      return;
    }
    const answer = await this.ask('record.stop', { controlId, wndId: window.wndId }, this.local);
    this.patchWindow(window.wndId, { recording: false });
    this.notify({ level: 'SUCCESS', key: 'video.plugin.recordSaved', values: { path: pathOf(answer) } });
  }

  /** Talk through the selected window on or off (开启/关闭当前对讲操作成功). */
  async toggleTalk(): Promise<void> {
    const controlId = this.state.controlId;
    const window = this.playing();
    if (!controlId || !window) return;
    const on = !window.talking;
    await this.ask('talk', { controlId, wndId: window.wndId, on }, this.local);
    this.patchWindow(window.wndId, { talking: on });
    this.notify({ level: 'SUCCESS', key: on ? 'video.talkOn' : 'video.talkOff' });
  }

  /** A window failed or ended (a plug-in event): failures show their msg for 3 s. */
  onEvent(event: PluginEvent): void {
    if (event.controlId !== this.state.controlId) return;
    if (event.event === 'playError' && event.msg) this.notify({ level: 'FAIL', text: event.msg });
    if (event.event === 'playError' || event.event === 'playEnd')
      this.set({ windows: this.state.windows.filter((entry) => entry.wndId !== event.wndId) });
  }

  /** Places the grid; nothing is sent when nothing changed (the tracker compares). */
  async place(rect: PluginRect, resized: boolean): Promise<void> {
    const controlId = this.state.controlId;
    if (!controlId || this.destroyed) return;
    await this.client
      .request(resized ? 'window.resize' : 'window.move', { controlId, rect })
      .catch(() => null);
  }

  async setVisible(visible: boolean): Promise<void> {
    const controlId = this.state.controlId;
    if (!controlId || this.destroyed || visible === this.state.visible) return;
    this.set({ visible });
    await this.client.request(visible ? 'window.show' : 'window.hide', { controlId }).catch(() => null);
  }

  /** Removes the grid (the page left); the plug-in also removes it when the socket closes. */
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    const controlId = this.state.controlId;
    if (controlId && !this.client.gone)
      void this.client.request('window.destroy', { controlId }).catch(() => null);
    this.set({ controlId: null, windows: [] });
  }
}

function pathOf(answer: PluginAnswer): string {
  const data = pluginAnswerData.snapshot.safeParse(answer.data);
  return data.success ? data.data.path : '';
}
