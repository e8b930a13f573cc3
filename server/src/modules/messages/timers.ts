import type { AppContext } from '../../http/context.js';
import { produceDemoMessage } from './demoProducer.js';
import { LICENCE_CHECK_MS, warnLicenceExpiry } from './licenceWarnings.js';

interface Log {
  error(details: object, message: string): void;
}

type Ctx = Pick<AppContext, 'config' | 'db' | 'now' | 'access' | 'licence' | 'messageTemplates'>;

/**
 * Runs `task` every `ms` (and at once when `atStart`), one run at a time; a failed run is logged and
 * the next one tried at its turn. The timer does not keep the process alive. `stop` waits for a run
 * under way, so the database can close after it.
 */
function repeat(task: () => Promise<unknown>, ms: number, atStart: boolean, log: Log, what: string) {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = running.then(task).catch((error: unknown) => log.error({ err: error }, `${what} failed`));
  };
  if (atStart) run();
  const timer = setInterval(run, ms);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * The producers that run on timers, started with the app: the licence expiry warnings (at start, then
 * hourly; each warning is said once across instances and restarts) and, in demo mode with
 * DEMO_MESSAGE_SECONDS > 0, the demo stream (real work orders, demoProducer.ts). Answers the function that stops them all.
 */
export function startMessageTimers(ctx: Ctx, log: Log): { stop(): Promise<void> } {
  const timers = [
    repeat(() => warnLicenceExpiry(ctx), LICENCE_CHECK_MS, true, log, 'licence expiry warning'),
  ];
  const { CITYOPS_MODE, DEMO_MESSAGE_SECONDS } = ctx.config;
  if (CITYOPS_MODE === 'demo' && DEMO_MESSAGE_SECONDS > 0) {
    timers.push(
      repeat(() => produceDemoMessage(ctx), DEMO_MESSAGE_SECONDS * 1000, false, log, 'demo message'),
    );
  }
  return {
    async stop() {
      await Promise.all(timers.map((timer) => timer.stop()));
    },
  };
}
