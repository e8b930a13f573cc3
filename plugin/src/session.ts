import { randomBytes } from 'node:crypto';
import {
  PLUGIN_CODE,
  PLUGIN_TIMING,
  type PluginAnswer,
  type PluginEvent,
  type PluginHello,
  type pluginRequestParams,
} from '@cityops/contract';
import type WebSocket from 'ws';
import type { z } from 'zod';
import type { PluginContext } from './context.js';
import { Control } from './control.js';
import { ArtemisClient } from './platform/artemisClient.js';
import { parseCamList, parseFrame, type PluginCall } from './requests.js';
import type { SecretKeys } from './secrets.js';
import { PluginFailure } from './texts.js';

/** What every socket of the running plug-in shares. */
export interface PluginCore {
  readonly context: PluginContext;
  readonly keys: SecretKeys;
  readonly controls: Map<string, Control>;
  hello(): PluginHello;
  /** After the answer to restart went out. */
  restart(): void;
  /** Work that must finish before the plug-in stops (controls being destroyed). */
  track(work: Promise<unknown>): void;
}

type InitParams = z.output<(typeof pluginRequestParams)['init']>;

/** A call that takes this long is logged with its time. */
const SLOW_CALL_MS = 2_000;

/** One page's socket: its requests, its controls (destroyed when it closes) and its events. */
export class Session {
  private readonly owned = new Set<string>();

  constructor(
    private readonly socket: WebSocket,
    private readonly core: PluginCore,
  ) {
    socket.on('message', (data, isBinary) => {
      if (isBinary)
        return this.reply({ id: '', code: PLUGIN_CODE.BAD_REQUEST, msg: this.say('videoPlugin.notJson') });
      void this.receive(textOf(data));
    });
    socket.on('close', () => this.closed());
    socket.on('error', () => undefined);
  }

  private get say() {
    return this.core.context.say;
  }

  private async receive(frame: string): Promise<void> {
    const parsed = parseFrame(frame, this.say);
    if ('answer' in parsed) return this.reply(parsed.answer);
    const { id, method } = parsed.call;
    const started = Date.now();
    try {
      const data = await this.handle(parsed.call);
      // A window's calls run one after another: a slow one holds every call behind it (a hide behind a
      // play waiting on its platform), which is what an operator sees as windows that do not follow.
      const took = Date.now() - started;
      if (took >= SLOW_CALL_MS) this.core.context.log(`${method} took ${took} ms`);
      this.reply({
        id,
        code: PLUGIN_CODE.OK,
        msg: this.say('level.SUCCESS'),
        ...(data === undefined ? {} : { data }),
      });
      if (method === 'restart') this.core.restart();
    } catch (error) {
      if (error instanceof PluginFailure) return this.reply({ id, code: error.code, msg: error.message });
      const reason = error instanceof Error ? error.message : String(error);
      this.core.context.log(`${method} failed: ${reason}`);
      this.reply({ id, code: PLUGIN_CODE.LOCAL, msg: reason.slice(0, 200) });
    }
  }

  private async handle(call: PluginCall): Promise<unknown> {
    switch (call.method) {
      case 'hello':
      case 'state':
        return this.core.hello();
      case 'heartbeat':
      case 'restart':
        return undefined;
      case 'getPublicKey':
        return { publicKey: this.core.keys.publicKey };
      case 'window.create': {
        const controlId = `c${randomBytes(6).toString('hex')}`;
        const control = new Control(
          controlId,
          call.params.rect,
          call.params.wndCount,
          this.core.context,
          (event) => this.sendEvent(event),
        );
        this.core.controls.set(controlId, control);
        this.owned.add(controlId);
        return { controlId };
      }
      case 'window.move':
      case 'window.resize': {
        const { rect } = call.params;
        return this.onControl(call.params.controlId, (control) => control.moveTo(rect));
      }
      case 'window.layout': {
        const { wndCount } = call.params;
        return this.onControl(call.params.controlId, (control) => control.layout(wndCount));
      }
      case 'window.hide':
      case 'window.show': {
        const visible = call.method === 'window.show';
        return this.onControl(call.params.controlId, (control) => control.setVisible(visible));
      }
      case 'window.destroy': {
        const control = this.control(call.params.controlId);
        this.forget(control.id);
        return control.run(() => control.destroy());
      }
      case 'init':
        return this.init(call.params);
      case 'realmonitor': {
        const items = parseCamList('preview', call.params.camList, this.say);
        return this.onControl(call.params.controlId, (control) =>
          control.playAll(items, (item) => control.callPlatform((p) => p.previewUrl(item.cameraIndexCode))),
        );
      }
      case 'playback': {
        const items = parseCamList('playback', call.params.camList, this.say);
        return this.onControl(call.params.controlId, (control) =>
          control.playAll(items, (item) => control.callPlatform((p) => p.playbackUrl(item))),
        );
      }
      case 'stop': {
        const { wndId } = call.params;
        return this.onControl(call.params.controlId, (control) => control.stop(wndId));
      }
      case 'talk': {
        const { wndId, on } = call.params;
        return this.onControl(call.params.controlId, (control) =>
          control.window(wndId).talk(on, (code) => control.callPlatform((p) => p.talkUrl(code))),
        );
      }
      case 'snapshot': {
        const { wndId } = call.params;
        return this.onControl(call.params.controlId, async (control) => ({
          path: await control.window(wndId).snapshot(),
        }));
      }
      case 'record.start': {
        const { wndId } = call.params;
        return this.onControl(call.params.controlId, (control) => control.window(wndId).startRecording());
      }
      case 'record.stop': {
        const { wndId } = call.params;
        return this.onControl(call.params.controlId, async (control) => ({
          path: await control.window(wndId).stopRecording(),
        }));
      }
    }
  }

  /** A request on one of this socket's controls, after the requests before it on that control. */
  private onControl<T>(controlId: string, task: (control: Control) => Promise<T>): Promise<T> {
    const control = this.control(controlId);
    return control.run(() => task(control));
  }

  /** The app secret and the time arrive encrypted with our key; a stale time is a replayed init. */
  private async init(params: InitParams): Promise<void> {
    const control = this.control(params.controlId);
    const appSecret = this.core.keys.decrypt(params.appSecret);
    const time = this.core.keys.decrypt(params.timeSecret);
    if (appSecret === undefined || time === undefined)
      throw new PluginFailure(PLUGIN_CODE.SECRET, this.say('videoPlugin.secretUnreadable'));
    if (time !== String(params.time) || Math.abs(Date.now() - params.time) > PLUGIN_TIMING.secretMaxAgeMs)
      throw new PluginFailure(PLUGIN_CODE.SECRET, this.say('videoPlugin.secretStale'));
    const client = new ArtemisClient({
      host: params.host,
      https: params.https,
      appKey: params.appKey,
      appSecret,
    });
    await control.run(() => control.init(client));
  }

  private control(controlId: string): Control {
    const control = this.owned.has(controlId) ? this.core.controls.get(controlId) : undefined;
    if (!control) throw new PluginFailure(PLUGIN_CODE.NOT_READY, this.say('videoPlugin.noControl'));
    return control;
  }

  private forget(controlId: string): void {
    this.owned.delete(controlId);
    this.core.controls.delete(controlId);
  }

  private closed(): void {
    for (const controlId of [...this.owned]) {
      const control = this.core.controls.get(controlId);
      this.forget(controlId);
      if (control) this.core.track(control.run(() => control.destroy()));
    }
  }

  private reply(answer: PluginAnswer): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(answer));
  }

  private sendEvent(event: PluginEvent): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(event));
  }
}

function textOf(data: WebSocket.RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(new Uint8Array(data)).toString('utf8');
}
