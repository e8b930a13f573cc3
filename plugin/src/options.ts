import { parseArgs } from 'node:util';
import { LOCALES } from '@cityops/contract';
import { z } from 'zod';
import type { PluginOptions } from './server.js';

export const USAGE = `cityops video plug-in
  npm run start -w @cityops/video-plugin -- [options]

  --port <n>            listen on this port only (0: any free port); default: the first free of 15900-15909
  --display <:n>        X display of the video windows (default: $DISPLAY)
  --snapshot-dir <dir>  where snapshots are saved (default ~/CityOps/snapshots)
  --record-dir <dir>    where local recordings are saved (default ~/CityOps/recordings)
  --locale <zh-CN|en-US>  language of the answers' msg (default zh-CN)
  --mic "<ffmpeg input>"  microphone for talk, e.g. "-f alsa -i hw:1" (may repeat; default pulse, then alsa)
  --allow-host <name>   only pages of this host may connect (may repeat; default any http/https page)
  --help
A cityops-plugin:// address given by the URL-scheme handler is accepted and ignored.`;

const cliSchema = z.object({
  port: z.coerce.number().int().min(0).max(65_535).optional(),
  display: z.string().min(1).optional(),
  'snapshot-dir': z.string().min(1).optional(),
  'record-dir': z.string().min(1).optional(),
  locale: z.enum(LOCALES).optional(),
  mic: z.array(z.string().min(1)).optional(),
  'allow-host': z.array(z.string().min(1)).optional(),
  help: z.boolean().optional(),
});

/** The command line as plug-in options; throws with a readable reason. */
export function parseCommandLine(args: readonly string[]): { help: boolean; options: PluginOptions } {
  const { values } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      display: { type: 'string' },
      'snapshot-dir': { type: 'string' },
      'record-dir': { type: 'string' },
      locale: { type: 'string' },
      mic: { type: 'string', multiple: true },
      'allow-host': { type: 'string', multiple: true },
      help: { type: 'boolean' },
    },
  });
  const cli = cliSchema.parse(values);
  const options: PluginOptions = {
    ...(cli.port === undefined ? {} : { port: cli.port }),
    ...(cli.display ? { display: cli.display } : {}),
    ...(cli['snapshot-dir'] ? { snapshotDir: cli['snapshot-dir'] } : {}),
    ...(cli['record-dir'] ? { recordDir: cli['record-dir'] } : {}),
    ...(cli.locale ? { locale: cli.locale } : {}),
    ...(cli.mic ? { micInputs: cli.mic.map((input) => input.split(/\s+/).filter(Boolean)) } : {}),
    ...(cli['allow-host'] ? { allowedHosts: cli['allow-host'].map((host) => host.toLowerCase()) } : {}),
  };
  return { help: cli.help === true, options };
}
