import type { PluginEvent, PluginRect } from '@cityops/contract';
import type { MicInput } from './media/talk.js';
import type { PluginTools } from './media/tools.js';
import type { PlayerFactory } from './players/player.js';
import type { Say } from './texts.js';

/** What every control of a running plug-in shares. */
export interface PluginContext {
  players: PlayerFactory;
  tools: PluginTools;
  say: Say;
  snapshotDir: string;
  recordDir: string;
  micInputs: readonly MicInput[];
  /** How long a stream or talk socket may take to open (§9 connect timeout, 6 s). */
  streamOpenMs: number;
  /** One line for the log: never a secret. */
  log: (line: string) => void;
}

/** What a window needs from the control it is part of. */
export interface WindowHost {
  readonly id: string;
  readonly context: PluginContext;
  readonly visible: boolean;
  cell(wndId: number): PluginRect;
  emit(event: PluginEvent): void;
}
