import { PLUGIN_CODE } from '@cityops/contract';
import type { PluginControlState } from '@cityops/contract';
import type { WindowHost } from './context.js';
import { claimPath, fileTime } from './media/localFiles.js';
import { Recording } from './media/recording.js';
import { writeSnapshot } from './media/snapshot.js';
import { StreamSource, type StreamEnd } from './media/streamSource.js';
import { NoMicrophone, TalkSession } from './media/talk.js';
import type { PlayerWindow } from './players/player.js';
import { PluginFailure } from './texts.js';

type WindowState = PluginControlState['windows'][number];

interface Playing {
  cameraIndexCode: string;
  source: StreamSource;
  player: PlayerWindow;
  recording?: Recording;
  talk?: TalkSession;
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** One window of a control's grid: a camera stream shown by a native player, recorded, captured, talked to. */
export class VideoWindow {
  private state: WindowState['state'] = 'idle';
  private playing: Playing | undefined;

  constructor(
    readonly wndId: number,
    private readonly host: WindowHost,
  ) {}

  describe(): WindowState {
    return {
      wndId: this.wndId,
      state: this.state,
      ...(this.playing ? { cameraIndexCode: this.playing.cameraIndexCode } : {}),
      recording: this.playing?.recording !== undefined,
      talking: this.playing?.talk !== undefined,
    };
  }

  /** Plays a stream URL of the platform in this window (whatever played here before stops). */
  async play(url: string, cameraIndexCode: string): Promise<void> {
    await this.stop();
    const { context } = this.host;
    let source: StreamSource;
    try {
      source = await StreamSource.open(url, context.streamOpenMs);
    } catch (error) {
      this.state = 'error';
      throw new PluginFailure(
        PLUGIN_CODE.PLATFORM,
        context.say('videoPlugin.streamFailed', { wndId: this.wndId, reason: reasonOf(error) }),
      );
    }
    const player = context.players.open({
      title: `cityops-${this.host.id}-${this.wndId}`,
      rect: this.host.cell(this.wndId),
      visible: this.host.visible,
    });
    const playing: Playing = { cameraIndexCode, source, player };
    this.playing = playing;
    this.state = 'idle';
    source.subscribe((bytes) => player.write(bytes));
    source.onEnd((end) => void this.streamEnded(playing, end));
    player.onExit(({ byUser, reason }) => {
      if (byUser) return void this.streamEnded(playing, { ended: true, reason });
      const msg = context.say('videoPlugin.playerFailed', { wndId: this.wndId, reason });
      void this.fail(playing, PLUGIN_CODE.LOCAL, msg);
    });
    player.shown.then(
      () => {
        if (this.playing !== playing) return;
        this.state = 'playing';
        this.host.emit({
          event: 'windowState',
          controlId: this.host.id,
          wndId: this.wndId,
          state: 'playing',
        });
      },
      (error: unknown) => {
        // Out of reach: the window can no longer be moved, hidden or shown (the picture may still play).
        if (this.playing === playing) context.log(`window ${this.wndId}: ${reasonOf(error)}`);
      },
    );
  }

  /** Stops playing; a recording in progress is saved first. */
  async stop(): Promise<void> {
    const playing = this.playing;
    this.playing = undefined;
    this.state = 'idle';
    if (!playing) return;
    playing.talk?.stop();
    playing.source.close();
    await Promise.all([
      playing.player.close(),
      playing.recording?.stop().then(
        (path) =>
          this.host.context.log(`window ${this.wndId}: recording saved when the window stopped: ${path}`),
        (error: unknown) => this.host.context.log(`window ${this.wndId}: recording lost: ${reasonOf(error)}`),
      ),
    ]);
  }

  async place(): Promise<void> {
    await this.playing?.player.place(this.host.cell(this.wndId));
  }

  async setVisible(visible: boolean): Promise<void> {
    await this.playing?.player.setVisible(visible);
  }

  async snapshot(): Promise<string> {
    const { context } = this.host;
    const playing = this.requirePlaying();
    const picture = playing.source.fromKeyframe();
    if (!picture)
      throw new PluginFailure(
        PLUGIN_CODE.LOCAL,
        context.say('videoPlugin.noFrameYet', { wndId: this.wndId }),
      );
    const stem = `${playing.cameraIndexCode}_${fileTime(new Date(), true)}`;
    const path = await claimPath(context.snapshotDir, stem, 'jpg');
    try {
      await writeSnapshot(context.tools.ffmpeg, picture, path);
      return path;
    } catch (error) {
      throw new PluginFailure(
        PLUGIN_CODE.LOCAL,
        context.say('videoPlugin.snapshotFailed', { reason: reasonOf(error) }),
      );
    }
  }

  async startRecording(): Promise<void> {
    const { context } = this.host;
    const playing = this.requirePlaying();
    if (playing.recording)
      throw new PluginFailure(
        PLUGIN_CODE.LOCAL,
        context.say('videoPlugin.alreadyRecording', { wndId: this.wndId }),
      );
    const stem = `${playing.cameraIndexCode}_${fileTime(new Date(), false)}`;
    const path = await claimPath(context.recordDir, stem, 'mp4');
    playing.recording = new Recording(playing.source, path, context.tools.ffmpeg);
  }

  async stopRecording(): Promise<string> {
    const { context } = this.host;
    const recording = this.playing?.recording;
    if (!this.playing || !recording)
      throw new PluginFailure(
        PLUGIN_CODE.LOCAL,
        context.say('videoPlugin.notRecording', { wndId: this.wndId }),
      );
    this.playing.recording = undefined;
    try {
      return await recording.stop();
    } catch (error) {
      throw new PluginFailure(
        PLUGIN_CODE.LOCAL,
        context.say('videoPlugin.recordFailed', { reason: reasonOf(error) }),
      );
    }
  }

  /** Talk on: the talk URL comes from `talkUrl` (the platform); off stops it. */
  async talk(on: boolean, talkUrl: (cameraIndexCode: string) => Promise<string>): Promise<void> {
    const { context } = this.host;
    if (!on) {
      this.playing?.talk?.stop();
      if (this.playing) this.playing.talk = undefined;
      return;
    }
    const playing = this.requirePlaying();
    if (playing.talk) return;
    const url = await talkUrl(playing.cameraIndexCode);
    try {
      playing.talk = await TalkSession.start(
        url,
        context.micInputs,
        context.tools.ffmpeg,
        context.streamOpenMs,
      );
    } catch (error) {
      if (error instanceof NoMicrophone)
        throw new PluginFailure(PLUGIN_CODE.LOCAL, context.say('videoPlugin.noMicrophone'));
      throw new PluginFailure(
        PLUGIN_CODE.PLATFORM,
        context.say('videoPlugin.talkFailed', { reason: reasonOf(error) }),
      );
    }
    if (this.playing !== playing) playing.talk.stop();
  }

  private requirePlaying(): Playing {
    if (this.playing) return this.playing;
    throw new PluginFailure(
      PLUGIN_CODE.NOT_READY,
      this.host.context.say('videoPlugin.notPlaying', { wndId: this.wndId }),
    );
  }

  private async streamEnded(playing: Playing, end: StreamEnd): Promise<void> {
    if (this.playing !== playing) return;
    if (!end.ended) {
      const msg = this.host.context.say('videoPlugin.streamFailed', {
        wndId: this.wndId,
        reason: end.reason,
      });
      return this.fail(playing, PLUGIN_CODE.PLATFORM, msg);
    }
    await this.stop();
    const msg = this.host.context.say('videoPlugin.streamEnded', { wndId: this.wndId });
    this.host.emit({
      event: 'playEnd',
      controlId: this.host.id,
      wndId: this.wndId,
      code: PLUGIN_CODE.OK,
      msg,
    });
  }

  private async fail(playing: Playing, code: number, msg: string): Promise<void> {
    if (this.playing !== playing) return;
    this.host.context.log(`window ${this.wndId}: ${msg}`);
    await this.stop();
    this.state = 'error';
    this.host.emit({ event: 'playError', controlId: this.host.id, wndId: this.wndId, code, msg });
  }
}
