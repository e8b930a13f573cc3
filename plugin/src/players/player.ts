import type { PluginRect } from '@cityops/contract';

/**
 * A native video window: decodes one FLV stream and shows it borderless at a screen rectangle.
 * Everything that depends on the desktop (which player, how windows are found and moved) sits
 * behind this interface: Linux/X11 is ffplay + xdotool (x11Ffplay.ts); a Windows build would
 * implement the same with ffplay.exe and Win32 SetWindowPos/ShowWindow (see README.md).
 */
export interface PlayerWindow {
  /** The next bytes of the stream, in order. */
  write(bytes: Buffer): void;
  place(rect: PluginRect): Promise<void>;
  setVisible(visible: boolean): Promise<void>;
  /** Ends the player and waits for it to exit. */
  close(): Promise<void>;
  /** Settles when the window is on screen with a picture (after place/setVisible took effect). */
  readonly shown: Promise<void>;
  /** Called once if the player exits by itself: closed by the person (q, Esc, the window's close), or failed. */
  onExit(listener: (exit: PlayerExit) => void): void;
}

export interface PlayerExit {
  byUser: boolean;
  /** Why it failed, for a person (the player's last error line). */
  reason: string;
}

export interface PlayerSpec {
  /** Unique on the desktop: how the window is found (cityops-<controlId>-<wndId>). */
  title: string;
  rect: PluginRect;
  visible: boolean;
}

export interface PlayerFactory {
  open(spec: PlayerSpec): PlayerWindow;
}
