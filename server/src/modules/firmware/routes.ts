import type { AddressInfo } from 'node:net';
import { firmwareEndpoints, otaDownload, upgradeJobEndpoints } from '@cityops/contract';
import type { FastifyInstance } from 'fastify';
import { fileRoute } from '../../http/download.js';
import { Answer } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import { clearPartialUploads, uploadRoute } from '../../http/upload.js';
import { runtimeOf } from '../iot/runtime.js';
import { actorOfInput as actorOf, userOfInput as userOf } from '../logs/audit.js';
import { UpgradeDispatcher } from './dispatcher.js';
import * as upgrades from './service.js';

/** One dispatch round a second, each sending to at most this many devices (50 commands/s). */
const TICK_MS = 1_000;
const PER_TICK = 50;

/** The upgrade page (firmware and jobs), the devices' download, and the dispatcher. */
export default async function firmwareRoutes(app: FastifyInstance) {
  const ctx = app.cityops;
  const directory = upgrades.firmwareDir(ctx);
  await clearPartialUploads(directory);

  const runtime = runtimeOf(ctx);
  const dispatcher = new UpgradeDispatcher({
    ctx,
    log: app.log,
    publish: (deviceKey, command) => runtime.publishCommand(deviceKey, command),
    origin: () => {
      if (ctx.config.OTA_PUBLIC_URL) return ctx.config.OTA_PUBLIC_URL;
      const address = app.server.address() as AddressInfo | string | null;
      return address && typeof address === 'object' ? `http://127.0.0.1:${address.port}` : null;
    },
    tickMs: TICK_MS,
    perTick: PER_TICK,
  });
  runtime.ota = dispatcher;
  dispatcher.start();
  registerDispatcher(ctx, dispatcher);
  app.addHook('preClose', () => dispatcher.stop());

  const firmware = firmwareEndpoints;
  route(app, firmware.page, ({ body }) => upgrades.firmwarePage(ctx, body));
  await uploadRoute(app, firmware.upload, {
    directory,
    check: ({ body }) => upgrades.checkFirmwareFields(ctx.db, body),
    store: async (input, file) =>
      new Answer(await upgrades.uploadFirmware(ctx, actorOf(input), input.body, file), 'firmware.uploaded'),
  });
  route(app, firmware.delete, async (input) => {
    await upgrades.deleteFirmware(ctx, actorOf(input), input.params.id, input.request.log);
    return new Answer(null, 'admin.deleted');
  });

  const jobs = upgradeJobEndpoints;
  route(app, jobs.page, ({ body }) => upgrades.jobPage(ctx, body));
  route(app, jobs.find, ({ params }) => upgrades.findJob(ctx, params.id));
  route(app, jobs.targets, (input) => upgrades.targetPage(ctx, userOf(input), input.body));
  route(app, jobs.create, async (input) => {
    const result = await upgrades.createJob(ctx, actorOf(input), input.body);
    await dispatcher.tick();
    return new Answer(result, 'upgrade.created');
  });
  route(
    app,
    jobs.cancel,
    async (input) =>
      new Answer(await upgrades.cancelJob(ctx, actorOf(input), input.params.id), 'upgrade.cancelled'),
  );
  route(app, jobs.retry, async (input) => {
    const result = await upgrades.retryJob(ctx, actorOf(input), input.params.id);
    await dispatcher.tick();
    return new Answer(result, 'upgrade.retried');
  });

  fileRoute(app, otaDownload, ({ query }) => upgrades.otaFile(ctx, query.token), 'firmware.fileMissing');
}

const dispatchers = new WeakMap<object, UpgradeDispatcher>();
const registerDispatcher = (ctx: object, dispatcher: UpgradeDispatcher) => dispatchers.set(ctx, dispatcher);

/** The app's upgrade dispatcher (tests run its rounds themselves). */
export function dispatcherOf(ctx: object): UpgradeDispatcher {
  const dispatcher = dispatchers.get(ctx);
  if (!dispatcher) throw new Error('the firmware module is not registered');
  return dispatcher;
}
