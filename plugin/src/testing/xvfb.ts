import { spawn } from 'node:child_process';

export interface VirtualDisplay {
  /** e.g. ':93', for DISPLAY */
  display: string;
  width: number;
  height: number;
  close(): Promise<void>;
}

/**
 * An Xvfb server on a display number it picks itself (-displayfd: no race with other tests), ready
 * when this resolves. For tests of the plug-in's native windows (they need an X display).
 */
export function startXvfb(width = 1280, height = 800): Promise<VirtualDisplay> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'Xvfb',
      ['-displayfd', '3', '-screen', '0', `${width}x${height}x24`, '-nolisten', 'tcp', '-noreset'],
      { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    let number = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`Xvfb did not start: ${stderr}`));
    }, 10_000);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.stdio[3]?.on('data', (chunk: Buffer) => {
      number += chunk.toString();
      if (!number.includes('\n')) return;
      clearTimeout(timer);
      resolve({
        display: `:${number.trim()}`,
        width,
        height,
        close: async () => {
          child.kill('SIGTERM');
          await exited;
        },
      });
    });
  });
}
