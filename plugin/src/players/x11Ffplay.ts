import { spawn, type ChildProcess } from 'node:child_process';
import type { PluginRect } from '@cityops/contract';
import { lastLine } from '../texts.js';
import { runTool, type PluginTools } from '../media/tools.js';
import type { PlayerExit, PlayerFactory, PlayerSpec, PlayerWindow } from './player.js';

/** A player that falls this far behind is not fed more (it is stuck; the stream goes on for the rest). */
const MAX_PENDING_BYTES = 16 * 1024 * 1024;
/**
 * Show pictures as they come, no sound, no subtitles. A live FLV stream carries its codec parameters
 * up front: a short probe shows the first picture in well under a second instead of five.
 */
const LIVE_FLAGS = '-fflags nobuffer -flags low_delay -analyzeduration 200000 -framedrop -an -sn'.split(' ');
/** Where a window opened while its control is hidden first appears, so it never flashes on screen. */
const OFF_SCREEN = -32_000;
/** How many times one placement is tried before it is given up (the next one starts afresh). */
const APPLY_TRIES = 3;

/**
 * Whether xdotool died of the X error Debian 12's version (3.20160805) gives when any window of the
 * display goes away during its search: the search is worth running again.
 */
export const windowWentAway = (stderr: string) => /BadWindow|BadDrawable/.test(stderr);

/**
 * ffplay on X11, one process per window: borderless, at the rectangle, reading FLV on stdin.
 * ffplay shows its window at the first picture; xdotool finds it by pid and title and then moves,
 * resizes, maps and unmaps it. Calls on one window run in order.
 */
export function x11FfplayPlayers(tools: PluginTools, display: string | undefined): PlayerFactory {
  const env = display === undefined ? process.env : { ...process.env, DISPLAY: display };
  return { open: (spec) => new X11FfplayWindow(spec, tools, env) };
}

class X11FfplayWindow implements PlayerWindow {
  readonly shown: Promise<void>;
  private readonly child: ChildProcess;
  private windowId: string | undefined;
  private finder: ChildProcess | undefined;
  private rect: PluginRect;
  private visible: boolean;
  private closing = false;
  private exited = false;
  private stderr = '';
  private queue: Promise<void> = Promise.resolve();
  private exitListener: ((exit: PlayerExit) => void) | undefined;

  constructor(
    private readonly spec: PlayerSpec,
    private readonly tools: PluginTools,
    private readonly env: NodeJS.ProcessEnv,
  ) {
    this.rect = spec.rect;
    this.visible = spec.visible;
    const at = spec.visible ? spec.rect : { ...spec.rect, left: OFF_SCREEN, top: OFF_SCREEN };
    this.child = spawn(
      tools.ffplay,
      [
        ...['-hide_banner', '-loglevel', 'error', '-nostats'],
        ...LIVE_FLAGS,
        ...['-noborder', '-window_title', spec.title],
        ...['-left', String(at.left), '-top', String(at.top)],
        ...['-x', String(spec.rect.width), '-y', String(spec.rect.height)],
        ...['-f', 'flv', '-i', 'pipe:0'],
      ],
      { env, stdio: ['pipe', 'ignore', 'pipe'] },
    );
    this.child.stdin?.on('error', () => undefined);
    this.child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-2000);
    });
    const exit = new Promise<PlayerExit>((resolve) => {
      this.child.once('error', (error) => resolve({ byUser: false, reason: error.message }));
      // ffplay ends with 0 when its window is closed or q/Esc pressed over it; a failure is 1 or a signal.
      this.child.once('exit', (code, signal) =>
        resolve({ byUser: code === 0, reason: lastLine(this.stderr, `exit ${signal ?? code}`) }),
      );
    });
    void exit.then((result) => {
      this.exited = true;
      this.finder?.kill('SIGKILL');
      if (!this.closing) this.exitListener?.(result);
    });
    this.shown = Promise.race([
      this.findWindow(),
      exit.then((result) => Promise.reject(new Error(result.reason))),
    ]);
    this.shown.catch(() => undefined);
  }

  write(bytes: Buffer): void {
    const stdin = this.child.stdin;
    if (!stdin || this.exited || this.closing || stdin.writableLength > MAX_PENDING_BYTES) return;
    stdin.write(bytes);
  }

  place(rect: PluginRect): Promise<void> {
    this.rect = rect;
    return this.apply();
  }

  setVisible(visible: boolean): Promise<void> {
    this.visible = visible;
    return this.apply();
  }

  onExit(listener: (exit: PlayerExit) => void): void {
    this.exitListener = listener;
  }

  async close(): Promise<void> {
    this.closing = true;
    this.finder?.kill('SIGKILL');
    // exitCode/signalCode are set before the 'exit' listeners run, so a player that has just ended is
    // not waited for (its 'exit' event has gone and would never come again).
    if (this.exited || this.child.exitCode !== null || this.child.signalCode !== null) return;
    const gone = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.stdin?.destroy();
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 2_000);
    await gone;
    clearTimeout(timer);
  }

  /** Waits for ffplay's window (it appears with the first picture), then puts it where it belongs now. */
  private async findWindow(): Promise<void> {
    const pid = this.child.pid;
    if (pid === undefined) throw new Error('ffplay did not start');
    const title = `^${this.spec.title.replace(/[^\w-]/g, '.')}$`;
    for (;;) {
      const search = await this.search(pid, title);
      if (this.exited || this.closing) throw new Error('the player ended before its window appeared');
      if (search.id !== undefined) {
        this.windowId = search.id;
        break;
      }
      // xdotool 3.20160805 (Debian 12's) dies of BadWindow when any window of the display goes away during its
      // search (a player of the grid being replaced, a browser popup closing). Left unfound, the window
      // would be out of reach: never moved, hidden or shown again. Any other failure is final.
      if (!windowWentAway(search.stderr))
        throw new Error(lastLine(search.stderr, 'the player window did not appear'));
    }
    await this.apply();
  }

  /** One `xdotool search` that waits until ffplay's window is shown, or fails. */
  private async search(pid: number, title: string): Promise<{ id?: string; stderr: string }> {
    const finder = spawn(
      this.tools.xdotool,
      ['search', '--sync', '--onlyvisible', '--all', '--pid', String(pid), '--name', title],
      { env: this.env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.finder = finder;
    let out = '';
    let stderr = '';
    finder.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    finder.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    finder.once('error', (error) => (stderr += error.message));
    await new Promise<void>((resolve) => finder.once('close', () => resolve()));
    const id = out.split('\n').find((line) => /^\d+$/.test(line.trim()));
    return id === undefined ? { stderr } : { id: id.trim(), stderr };
  }

  private apply(): Promise<void> {
    this.queue = this.queue.then(async () => {
      for (let attempt = 1; ; attempt += 1) {
        const id = this.windowId;
        if (id === undefined || this.exited) return;
        const { left, top, width, height } = this.rect;
        const geometry = [
          'windowsize',
          id,
          String(width),
          String(height),
          'windowmove',
          id,
          String(left),
          String(top),
        ];
        // Unmapped before it moves when hiding, moved before it maps when showing: it never shows in the wrong place.
        const commands = this.visible ? [...geometry, 'windowmap', id] : ['windowunmap', id, ...geometry];
        const result = await runTool(this.tools.xdotool, commands, { env: this.env, timeoutMs: 5_000 });
        // On a loaded desktop xdotool can be killed at its timeout; the page sends a hide or a move only
        // once, so a lost one would leave the picture over another page. The latest rectangle is tried again.
        if (result.code === 0 || attempt === APPLY_TRIES) return;
      }
    });
    return this.queue;
  }
}
