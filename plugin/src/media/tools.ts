import { spawn } from 'node:child_process';

/** The programs the plug-in drives; names on PATH unless told otherwise. */
export interface PluginTools {
  ffmpeg: string;
  ffplay: string;
  xdotool: string;
}

export const defaultTools: PluginTools = {
  ffmpeg: process.env.FFMPEG_PATH ?? 'ffmpeg',
  ffplay: process.env.FFPLAY_PATH ?? 'ffplay',
  xdotool: process.env.XDOTOOL_PATH ?? 'xdotool',
};

export interface ToolResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a program to its end (killed after timeoutMs), feeding it `input` on stdin. */
export function runTool(
  command: string,
  args: readonly string[],
  options: { input?: Buffer; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<ToolResult> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: options.env ?? process.env, stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    child.stdin.on('error', () => undefined);
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 15_000);
    child.once('error', (error) => {
      clearTimeout(timer);
      resolve({ code: -1, stdout, stderr: error.message });
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(options.input);
  });
}
