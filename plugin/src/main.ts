import { homeFolder } from './home.js';
import { join } from 'node:path';
import { PLUGIN_NAME } from '@cityops/contract';
import { parseCommandLine, USAGE } from './options.js';
import { startPlugin } from './server.js';
import { runningPluginPort, takeStartLock } from './singleInstance.js';

/** The plug-in's command: one per desktop session; a second start while one runs exits quietly. */
async function main(): Promise<void> {
  let parsed: ReturnType<typeof parseCommandLine>;
  try {
    parsed = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}\n`);
    process.exit(2);
  }
  if (parsed.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const { options } = parsed;
  let release: (() => Promise<void>) | undefined;
  if (options.port === undefined) {
    const running = await runningPluginPort();
    if (running !== undefined) {
      process.stdout.write(`${PLUGIN_NAME} is already running on port ${running}\n`);
      return;
    }
    const stateDir = process.env.XDG_RUNTIME_DIR || join(homeFolder(), '.cache', 'cityops');
    release = await takeStartLock(join(stateDir, `${PLUGIN_NAME}.pid`));
    if (!release) {
      process.stdout.write(`${PLUGIN_NAME} is already starting\n`);
      return;
    }
  }
  const plugin = await startPlugin(options);
  const stop = async () => {
    await plugin.close();
    await release?.();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${PLUGIN_NAME} did not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
